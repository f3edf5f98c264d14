import { z } from 'zod'
import { requiredText } from './text'

/**
 * The spec's client-side e-mail check: lowercase letters and digits, an @, letters and a
 * 2–3 letter ending. Unanchored like the original, so "first.last@mail.com" still passes;
 * input is lower-cased first so "Admin@Example.com" is fine too.
 */
export const SPEC_EMAIL_PATTERN = /[a-z0-9]+@[a-z]+\.[a-z]{2,3}/

const email = (validMessage: string) =>
  z.string().trim().toLowerCase().min(1, 'Email is Required').regex(SPEC_EMAIL_PATTERN, validMessage)

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
