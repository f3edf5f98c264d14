import { emailField } from './email'
import { requiredText } from './text'
import { z } from './zod'

/**
 * The sign-in forms' e-mail: every address a mail server accepts (dots, hyphens, plus signs,
 * long endings, subdomains: product.md), with the spec's messages for what is not one.
 */
const email = (validMessage: string) =>
  emailField({ required: 'Email is Required', invalid: validMessage }).transform((e) => e.toLowerCase())

export const MIN_PASSWORD_LENGTH = 6

export const LoginFormSchema = z.object({
  email: email('Provide a Valid Email'),
  password: z.string().min(1, 'Password is Required').min(MIN_PASSWORD_LENGTH, 'Must be 6 Characters or longer'),
})
export type LoginForm = z.infer<typeof LoginFormSchema>

export const SignupFormSchema = z.object({
  name: requiredText('Name is Required', 80, 'Name is too long'),
  email: email('Provide a valid Email'),
  password: z.string().min(1, 'Password is Required').min(MIN_PASSWORD_LENGTH, 'Must be 6 characters or longer'),
})
export type SignupForm = z.infer<typeof SignupFormSchema>
