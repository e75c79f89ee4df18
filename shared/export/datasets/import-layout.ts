/** Export columns in the layout the importer reads: each field's label, value type and width from the field registry. */
import type { FieldSpec } from '../../kinds/index.ts';
import type { ExportColumn } from '../columns.ts';

/**
 * The columns of `fields` in that order, keyed by field name, headed by the registry's label.
 * @throws Error for a field the registry gives no export layout (a mistake in the registry).
 */
export function importLayout<F extends string>(
  fields: readonly F[],
  registry: Readonly<Record<F, FieldSpec>>,
): ExportColumn[] {
  return fields.map((field) => {
    const layout = registry[field].export;
    if (!layout) throw new Error(`The field registry gives '${field}' no export column`);
    return {
      key: field,
      header: registry[field].label,
      type: layout.type,
      ...(layout.width === undefined ? {} : { width: layout.width }),
    };
  });
}
