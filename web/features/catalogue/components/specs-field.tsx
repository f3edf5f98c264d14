import type { FieldValues } from 'react-hook-form'
import { SPEC_NAME_MAX, SPEC_VALUE_MAX, SPECS_MAX } from '#schemas/tool.ts'
import { type FormParts, RowsEditor } from '#web/components/rows-editor.tsx'

const COLUMNS = [
  { key: 'name', label: 'Name', hideLabel: true, input: { placeholder: 'Name, e.g. Power', maxLength: SPEC_NAME_MAX } },
  {
    key: 'value',
    label: 'Value',
    hideLabel: true,
    input: { placeholder: 'Value, e.g. 750 W', maxLength: SPEC_VALUE_MAX },
  },
] as const

/**
 * The tool form's Specifications: name/value rows, added, moved up and down and removed; the
 * order is the order the tool page shows.
 */
export function SpecsField<T extends FieldValues>(props: FormParts<T>) {
  return (
    <RowsEditor
      {...props}
      name={'specs' as never}
      legend="Specifications"
      intro={`Shown as a table on the tool’s page, in this order. Up to ${SPECS_MAX}, such as “Power” and “750 W”.`}
      columns={COLUMNS}
      gridClass="sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto]"
      rowName="specification"
      emptyRow={{ name: '', value: '' }}
      max={SPECS_MAX}
      addLabel="Add a specification"
      fullMessage={`A tool has at most ${SPECS_MAX} specifications.`}
      movable
      testId="spec-rows"
    />
  )
}
