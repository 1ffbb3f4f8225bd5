// Values the round trip's draw listed as admitting none, though they exist:
// - a oneOf inside a member (InfluxDB's `Variable.arguments`: a query's, a constant's or a map's properties, every
//   member optional), drawn `{}`, which matches every alternative: replaced by one alternative's value with all its
//   members, whose `type` enum tells it apart;
// - a oneOf whose alternatives differ only inside an array member's items (InfluxDB's dashboards: a cell, or a cell
//   with its view's `name` and `properties`, every member optional): the drawn one's value given a first item with
//   a member only the other types, of another type;
// - an allOf one of whose members is a oneOf (WireMock's delay settings: log-normal or uniform, every member
//   optional, beside `fixedDelay`): each alternative merged with the other members, one drawn with every member;
// - a oneOf of objects each an allOf of a shared rule and its own `action` value, every member optional (Cloudflare's
//   ruleset rules, beside a position that is itself a oneOf of all-optional objects), whose draws matched several:
//   given one of the drawn alternative's values the others do not take;
// - a oneOf of objects each with its own `target` value, every member optional, inside a member typed by three allOf
//   members two of them a level down (Cloudflare's IP access rules, inside its answer envelopes), whose unmerged draw
//   gives the member no type: drawn from the members merged, then one alternative told apart;
// - a oneOf of two kinds told apart by an optional member's value, each holding a oneOf of objects of optional members
//   (PagerDuty's log entries and their channels), whose candidates for the outer one failed on the inner one: the
//   inner repaired inside each candidate first;
// - an object of a dozen members each a oneOf of any string, `"-1"` or `"0"` behind an allOf of one `$ref`, beside
//   required members past json-schema-faker's reference depth and an optional member holding the job again
//   (Elasticsearch's jobs and their durations), so that no merge of its members is drawn: a scalar alternative's draw
//   taken where it matches only its own, through the allOf, on a draw of required members only, five `$ref`s deep;
// - an anyOf of two objects beside a required member of its own (Iceberg's metrics report, a scan or a commit
//   report beside `report-type`), of which json-schema-faker drew the own member alone: each alternative merged with
//   it, its map's own example left out;
// - an object of many optional members each a `$ref` to more, itself among them (Telegram's `Message`), whose
//   draw past json-schema-faker's reference depth holds values of no member's type: drawn with its required
//   members only, five `$ref`s deep.
// Each goes through the generated client to the generated server and back as a request body and as an answer.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const exchange = (operationId: string, schema: object) => ({
  post: {
    operationId,
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: { '200': { description: 'as stored', content: { 'application/json': { schema } } } },
  },
});
const kind = (name: string, values: object) => ({
  properties: { type: { type: 'string', enum: [name] }, values },
});
const dashboard = (cell: object) => ({
  allOf: [ref('NewDashboard'), { type: 'object', properties: { cells: { type: 'array', items: cell } } }],
});
const rule = (action: string) => ({
  allOf: [ref('Rule'), { type: 'object', properties: { action: { type: 'string', enum: [action] } } }],
});
const delay = (name: string, properties: object) => ({
  type: 'object',
  properties: { type: { type: 'string', enum: [name] }, ...properties },
});
const durations = Array.from({ length: 12 }, (_, i) => `interval_${i + 1}`);
const entry = (kind: string) => ({
  allOf: [ref('LogEntry'), { type: 'object', properties: { type: { type: 'string', enum: [kind] } } }],
});
const target = (name: string) => ({ properties: { target: { enum: [name] }, value: { type: 'string' } } });
// Many optional members, each a reference (as Telegram's Message holds dozens), some of them back to the message.
const media = ['Animation', 'Audio', 'Document', 'Photo', 'Sticker', 'Video', 'Voice', 'Venue', 'Poll', 'Dice'];
const file = { type: 'object', required: ['file_id'], properties: { file_id: { type: 'string' } } };

const document = {
  openapi: '3.0.3',
  info: { title: 'Nested alternatives', version: '1' },
  paths: {
    '/nested-alternatives/variables': exchange('postVariable', ref('Variable')),
    '/nested-alternatives/dashboards': exchange('postDashboard', {
      oneOf: [ref('Dashboard'), ref('DashboardWithViews')],
    }),
    '/nested-alternatives/settings': exchange('postSettings', {
      allOf: [
        {
          oneOf: [
            delay('lognormal', { median: { type: 'integer' } }),
            delay('uniform', { lower: { type: 'integer' } }),
          ],
        },
        { type: 'object', properties: { fixedDelay: { type: 'number' } } },
      ],
    }),
    // Cloudflare's ruleset rules: a oneOf of rules each an allOf of the rule and its own `action` value, every member
    // optional, beside a position member.
    '/nested-alternatives/rules': exchange('postRule', {
      allOf: [
        ref('RequestRule'),
        {
          type: 'object',
          properties: {
            position: {
              oneOf: [
                { type: 'object', properties: { before: { type: 'string' } } },
                { type: 'object', properties: { after: { type: 'string' } } },
                { type: 'object', properties: { index: { type: 'number' } } },
              ],
            },
          },
        },
      ],
    }),
    // Cloudflare's IP access rules: the rule's oneOf `configuration` (each alternative's `target` its own enum, every
    // member optional) inside the envelope's `result`, typed in three allOf members, two of them a level down.
    '/nested-alternatives/access-rules': exchange('postAccessRule', ref('AccessRuleAnswer')),
    // PagerDuty's log entries: one of two kinds, told apart by an optional `type`, each with a `channel` one of three
    // kinds of optional members only.
    '/nested-alternatives/log-entries': exchange('postLogEntry', {
      type: 'object',
      required: ['log_entry'],
      properties: { log_entry: { oneOf: [ref('TriggerEntry'), ref('AnnotateEntry')] } },
    }),
    // Elasticsearch's jobs: a dozen durations, each an allOf of one `$ref` to a oneOf of any string, `"-1"` or `"0"`,
    // beside required members past json-schema-faker's reference depth.
    '/nested-alternatives/jobs': exchange('postJob', ref('Job')),
    // Iceberg's metrics report: a scan or a commit report, beside a required `report-type` of its own.
    '/nested-alternatives/reports': exchange('postReport', ref('ReportMetricsRequest')),
    '/nested-alternatives/messages': exchange('postMessage', {
      type: 'object',
      required: ['ok', 'result'],
      properties: { ok: { type: 'boolean' }, result: ref('Message') },
    }),
  },
  components: {
    schemas: {
      ReportMetricsRequest: {
        anyOf: [ref('ScanReport'), ref('CommitReport')],
        required: ['report-type'],
        properties: { 'report-type': { type: 'string' } },
      },
      ScanReport: {
        type: 'object',
        required: ['table-name', 'schema-id', 'metrics'],
        properties: { 'table-name': { type: 'string' }, 'schema-id': { type: 'integer' }, metrics: ref('Metrics') },
      },
      CommitReport: {
        type: 'object',
        required: ['table-name', 'sequence-number', 'metrics'],
        properties: {
          'table-name': { type: 'string' },
          'sequence-number': { type: 'integer' },
          metrics: ref('Metrics'),
        },
      },
      // A map whose example misses its values' required members.
      Metrics: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['unit', 'value'],
          properties: { unit: { type: 'string' }, value: { type: 'integer' } },
        },
        example: { 'result-data-files': { value: 1 } },
      },
      Job: {
        type: 'object',
        required: ['analysis_config', ...durations],
        properties: {
          analysis_config: { allOf: [ref('AnalysisConfig')] },
          // A job it was cloned from: a schema holding itself admits no merge of its members.
          cloned_from: { allOf: [ref('Job')] },
          ...Object.fromEntries(durations.map((d) => [d, { allOf: [ref('Duration')] }])),
        },
      },
      Duration: {
        oneOf: [{ type: 'string' }, { type: 'string', enum: ['-1'] }, { type: 'string', enum: ['0'] }],
      },
      AnalysisConfig: {
        type: 'object',
        required: ['detectors'],
        properties: { detectors: { type: 'array', minItems: 1, items: { allOf: [ref('Detector')] } } },
      },
      Detector: { type: 'object', required: ['rule'], properties: { rule: { allOf: [ref('DetectorRule')] } } },
      DetectorRule: {
        type: 'object',
        required: ['operator', 'value'],
        properties: { operator: { type: 'string', enum: ['gt', 'lt'] }, value: { type: 'number' } },
      },
      CommonEnvelope: {
        type: 'object',
        required: ['success', 'result'],
        properties: {
          success: { type: 'boolean' },
          result: { anyOf: [{ type: 'object' }, { type: 'array', items: {} }, { type: 'string' }] },
        },
      },
      SingleEnvelope: {
        type: 'object',
        allOf: [
          ref('CommonEnvelope'),
          {
            properties: {
              result: {
                anyOf: [
                  { type: 'object', nullable: true },
                  { type: 'string', nullable: true },
                ],
              },
            },
          },
        ],
      },
      AccessRuleAnswer: { allOf: [ref('SingleEnvelope'), { properties: { result: ref('AccessRule') } }] },
      AccessRule: {
        type: 'object',
        required: ['mode', 'configuration'],
        properties: { mode: ref('Mode'), configuration: ref('Configuration'), notes: ref('Notes') },
      },
      Mode: { type: 'string', enum: ['block', 'challenge'] },
      Notes: { type: 'string' },
      Configuration: { type: 'object', oneOf: [ref('IpTarget'), ref('AsnTarget'), ref('CountryTarget')] },
      IpTarget: target('ip'),
      AsnTarget: target('asn'),
      CountryTarget: target('country'),
      LogEntry: {
        allOf: [
          {
            type: 'object',
            required: ['channel'],
            properties: {
              id: { type: 'string' },
              type: { type: 'string', enum: ['trigger_log_entry', 'annotate_log_entry'] },
              channel: ref('Channel'),
            },
          },
        ],
      },
      TriggerEntry: entry('trigger_log_entry'),
      AnnotateEntry: entry('annotate_log_entry'),
      Channel: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string' } },
        oneOf: [
          { title: 'Nagios', type: 'object', properties: { type: { type: 'string' }, details: { type: 'object' } } },
          {
            title: 'WebTrigger',
            type: 'object',
            properties: { type: { type: 'string' }, details: { type: 'string' } },
          },
          {
            title: 'Website',
            type: 'object',
            required: ['type'],
            properties: { type: { type: 'string' }, duration: { type: 'integer' } },
          },
        ],
      },
      Variable: {
        type: 'object',
        required: ['name', 'arguments'],
        properties: { name: { type: 'string' }, arguments: ref('VariableProperties') },
      },
      VariableProperties: { oneOf: [ref('QueryProperties'), ref('ConstantProperties'), ref('MapProperties')] },
      QueryProperties: kind('query', { type: 'object', properties: { query: { type: 'string' } } }),
      ConstantProperties: kind('constant', { type: 'array', items: { type: 'string' } }),
      MapProperties: kind('map', { type: 'object', additionalProperties: { type: 'string' } }),
      NewDashboard: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      Dashboard: dashboard(ref('Cell')),
      DashboardWithViews: dashboard(ref('CellWithView')),
      Cell: { type: 'object', properties: { id: { type: 'string' }, x: { type: 'integer' } } },
      CellWithView: {
        allOf: [
          ref('Cell'),
          { type: 'object', properties: { name: { type: 'string' }, properties: { type: 'object' } } },
        ],
      },
      Rule: {
        type: 'object',
        properties: { action: { type: 'string' }, expression: { type: 'string' }, enabled: { type: 'boolean' } },
      },
      RequestRule: { oneOf: [ref('BlockRule'), ref('ChallengeRule'), ref('LogRule')] },
      BlockRule: rule('block'),
      ChallengeRule: rule('challenge'),
      LogRule: rule('log'),
      Message: {
        type: 'object',
        required: ['message_id', 'date', 'chat'],
        properties: {
          message_id: { type: 'integer' },
          date: { type: 'integer' },
          chat: ref('Chat'),
          reply_to_message: ref('Message'),
          pinned_message: ref('Message'),
          ...Object.fromEntries(media.map((m) => [m.toLowerCase(), ref(m)])),
        },
      },
      Chat: {
        type: 'object',
        required: ['id', 'type'],
        properties: {
          id: { type: 'integer' },
          type: { type: 'string', enum: ['private', 'group'] },
          pinned_message: ref('Message'),
        },
      },
      ...Object.fromEntries(media.map((m) => [m, file])),
    },
  },
};

roundTripSuite(
  { name: 'nested-alternatives', spec: writtenDocument('nested-alternatives', document) },
  {},
  { server: true, prism: false },
);
