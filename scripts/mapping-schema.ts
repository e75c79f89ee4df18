// Writes docs/mapping.schema.json from the mapping file's zod schema (npm run mapping-schema).
import { writeFile } from 'node:fs/promises';
import { mappingJsonSchema } from '../shared/sheet/mapping-json-schema.ts';

const target = new URL('../docs/mapping.schema.json', import.meta.url);
await writeFile(target, `${JSON.stringify(mappingJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
