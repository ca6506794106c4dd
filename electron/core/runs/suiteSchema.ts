import type { JsonObject } from '../../shared/api';
import { SUITE_SCHEMA_URL } from '../../shared/runs/suiteTypes';
import { CASE_FIELDS, CASE_NAME, EXPECT_FIELDS, schemasOf, SUITE_FIELDS, TEXTS_SCHEMA } from './suiteValidate';

/**
 * schemas/suite.schema.json, built from the rules suiteValidate.ts checks a suite with, so the
 * file editors read cannot say something the runner does not. A test compares the file with
 * this (`npx vitest run -u tests/unit/core/runs/suiteSchema.shipped.test.ts` writes it after a rule changes).
 */

export function suiteJsonSchema(): JsonObject {
  const caseKeys = Object.keys(CASE_FIELDS);
  const caseFields = { $ref: '#/definitions/caseFields' };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SUITE_SCHEMA_URL,
    title: 'Agent Explorer run suite',
    description:
      'Cases to invoke agents with, each with expectations; run with `agent-explorer run SUITE.json`. ' +
      "{{column}} in text, payload string values and answer expectations takes a data file row's value; the " +
      "platform's own {placeholders} (single braces) are sent untouched.",
    type: 'object',
    additionalProperties: false,
    required: ['cases'],
    properties: {
      ...schemasOf(SUITE_FIELDS),
      defaults: {
        allOf: [caseFields, { propertyNames: { enum: caseKeys } }],
        description: 'Fields every case takes unless it sets them; payload and expect are merged key by key.',
      },
      cases: {
        type: 'array',
        minItems: 1,
        items: { allOf: [caseFields, { properties: { name: CASE_NAME.schema }, propertyNames: { enum: ['name', ...caseKeys] } }] },
      },
    },
    // A case needs an agent unless the suite gives one ("agents" or "defaults.agent").
    if: { not: { anyOf: [{ required: ['agents'] }, { required: ['defaults'], properties: { defaults: { required: ['agent'] } } }] } },
    then: { properties: { cases: { items: { required: ['agent'] } } } },
    definitions: {
      texts: TEXTS_SCHEMA,
      caseFields: { type: 'object', properties: schemasOf(CASE_FIELDS) },
      expect: {
        type: 'object',
        additionalProperties: false,
        description: 'Each expectation is reported on its own.',
        properties: schemasOf(EXPECT_FIELDS),
      },
    },
  };
}
