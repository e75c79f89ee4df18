/**
 * The JSON schema of a mapping file (`--mapping FILE.json`), made from {@link SavedMappingSchema}, the
 * one source of its shape; docs/mapping.schema.json is this, written by `npm run mapping-schema`
 * (a test fails when the two differ). Editors that read `$schema` then check and complete the file.
 */
import { z } from 'zod';
import { ALL_FIELDS } from '../kinds/index.ts';
import { SavedMappingSchema } from './saved-mapping.ts';

/** The mapping file's JSON schema (draft 2020-12), as an object. */
export function mappingJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(SavedMappingSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // The field names are checked in a refinement, which JSON schema cannot carry: listed here instead.
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  properties.columns = { ...properties.columns, propertyNames: { enum: [...ALL_FIELDS] } };
  return {
    $schema: schema.$schema,
    title: 'shed-sheets column mapping',
    description:
      'A saved column mapping for an import of receipts or returns (the command line reads it as a file, the add-in keeps it in the workbook): which column ' +
      'holds each field, whether prices include GST, and what units the sheet writes. Fields not named are found from the headers.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
