import { toJsonSchema } from '@valibot/to-json-schema';
import { getEndpoints } from '../shared/endpoints';
for (const name of ['offers','compteur','offersByIds','searchLieu'] as const) {
  console.log(name, JSON.stringify(toJsonSchema(getEndpoints[name].query as never, { target: 'openapi-3.0', typeMode: 'input', errorMode: 'ignore' })).slice(0, 1500));
}
