import { writeFile } from 'node:fs/promises';
import { API_TYPES_FILE, apiTypesSource } from '../src/testing/api-types';

// Regenerates the API's TypeScript types after a route, a request schema or an answer schema changed.
await writeFile(API_TYPES_FILE, await apiTypesSource());
console.log(`wrote ${API_TYPES_FILE.pathname}`);
