// A body the round trip finds no value for is listed as admitting none with the reason where the reason is shown:
// a oneOf two of whose alternatives are the same schema but for their titles (readme's `ApplicationApprovedEvent`
// and `ApplicationDeniedEvent`, each only an allOf of one parent), an allOf of `string` and `integer`, an object
// requiring a member of its own schema (readme's `TreeNode.parent`), an object requiring a string whose pattern's
// shortest match is over its maxLength (AWS App Runner's `ServiceId`), an object requiring a member its
// `additionalProperties: false` forbids (e-conomic's `Employee`), an object requiring an object whose enum lists
// strings (Mercedes-Benz's `ProductGroup`), a required parameter whose pattern matches nothing (sinao's delimited
// `/^.*[a-z]+.*$/i`), an e-mail address whose pattern requires a backslash (Amadeus' contact, an escape written
// twice), an allOf of an object (two allOfs down) and a string enum (Cloudflare's setting answers), an allOf whose members type a required member an object and an array (Cloudflare's list envelopes), a uuid
// of 24 characters (Intercom's conversation `from.id`), a oneOf none of whose alternatives admits a value (PeerTube's
// token grants, each requiring a client id whose delimited pattern matches nothing), a oneOf of a `$ref` into another
// schema's oneOf and an inline twin of it, named by their places (PagerDuty's invocation agents). A
// oneOf whose alternatives differ, which the round trip draws a value of, is called and passes; so are the schemas
// closed beside or inside an allOf whose members declare what the closure does not list, read as Prism reads them,
// the members merged (`closed-allof-members.test.ts`): an allOf of two closed objects one of which requires a member
// the other does not list (ShipEngine's pickup beside its error body), an object closed beside an allOf that requires
// a member (codat's `TransactionMetadataList`; ShipEngine's shipments), a oneOf of objects closed beside an allOf of
// another's members (ShipEngine's carrier settings).
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const patch = (operationId: string, schema: object) => ({
  patch: {
    operationId,
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: { '204': { description: 'patched' } },
  },
});
const ref2 = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const event = (title: string) => ({ title, allOf: [{ $ref: '#/components/schemas/BaseEvent' }] });

const document = {
  openapi: '3.0.3',
  info: { title: 'No value', version: '1' },
  paths: {
    '/no-value/events': patch('patchEvent', {
      oneOf: [{ $ref: '#/components/schemas/ApprovedEvent' }, { $ref: '#/components/schemas/DeniedEvent' }],
      discriminator: { propertyName: 'event_type' },
    }),
    // PagerDuty's invocation agents: a `$ref` into another schema's oneOf beside an inline twin of it.
    '/no-value/agents': patch('patchAgent', {
      oneOf: [
        ref2('UserReference'),
        { $ref: '#/components/schemas/Action/properties/last_run_by/oneOf/1' },
        { type: 'object', required: ['type', 'id'], properties: { id: { type: 'string' }, type: { type: 'string' } } },
      ],
    }),
    '/no-value/quirks': patch('patchQuirk', { allOf: [{ type: 'string' }, { type: 'integer' }] }),
    // Cloudflare's setting answers: the envelope, an object two allOfs down, beside the setting's string enum.
    '/no-value/zone-settings': patch('patchSetting', {
      allOf: [{ allOf: [ref2('Envelope'), { properties: { result: { type: 'object' } } }] }, { enum: ['on', 'off'] }],
    }),
    '/no-value/nodes': patch('patchNode', { $ref: '#/components/schemas/TreeNode' }),
    '/no-value/services': patch('patchService', {
      type: 'object',
      required: ['Service'],
      properties: { Service: { $ref: '#/components/schemas/Service' } },
    }),
    '/no-value/employees': patch('patchEmployee', { allOf: [{ $ref: '#/components/schemas/Employee' }] }),
    '/no-value/models': patch('patchModel', { $ref: '#/components/schemas/VehicleModel' }),
    '/no-value/apps': {
      post: {
        operationId: 'createApp',
        parameters: [
          {
            name: 'organization_name',
            in: 'query',
            required: true,
            schema: { type: 'string', pattern: '/^.*[a-z]+.*$/i' },
          },
        ],
        responses: { '204': { description: 'created' } },
      },
    },
    '/no-value/transactions': patch('patchTransactions', { $ref: '#/components/schemas/TransactionList' }),
    '/no-value/pickups': patch('patchPickup', {
      allOf: [{ $ref: '#/components/schemas/Pickup' }, { $ref: '#/components/schemas/ErrorBody' }],
    }),
    '/no-value/settings': patch('patchSettings', {
      oneOf: [{ $ref: '#/components/schemas/DhlSettings' }, { $ref: '#/components/schemas/UpsSettings' }],
    }),
    '/no-value/shipments': patch('patchShipments', {
      type: 'object',
      required: ['shipments'],
      properties: {
        shipments: { type: 'array', minItems: 1, items: { allOf: [{ $ref: '#/components/schemas/Shipment' }] } },
      },
    }),
    '/no-value/contacts': patch('patchContact', {
      type: 'object',
      required: ['email'],
      properties: {
        email: { type: 'string', format: 'email', pattern: '^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\\\.[a-zA-Z0-9-.]+$' },
      },
    }),
    // Cloudflare's list envelope: the common envelope requires `result`, an object; the list's own member types it an array.
    '/no-value/lists': patch('patchList', {
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        { properties: { result: { type: 'array', items: { type: 'string' } } } },
      ],
    }),
    // Intercom's conversation `from.id`: a uuid (36 characters) of 24 characters.
    '/no-value/conversations': patch('patchConversation', {
      type: 'object',
      required: ['from'],
      properties: {
        from: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', format: 'uuid', minLength: 24, maxLength: 24 } },
        },
      },
    }),
    // PeerTube's token request: a oneOf of two grants, each requiring a client id whose delimited pattern matches nothing.
    '/no-value/tokens': patch('patchToken', {
      oneOf: [
        {
          type: 'object',
          required: ['client_id', 'password'],
          properties: { client_id: ref2('ClientId'), password: { type: 'string' } },
        },
        {
          type: 'object',
          required: ['client_id', 'refresh_token'],
          properties: { client_id: ref2('ClientId'), refresh_token: { type: 'string' } },
        },
      ],
    }),
    '/no-value/either': patch('patchEither', {
      oneOf: [{ $ref: '#/components/schemas/ApprovedEvent' }, { $ref: '#/components/schemas/LinkedNode' }],
    }),
  },
  components: {
    schemas: {
      BaseEvent: {
        type: 'object',
        required: ['event_type', 'event_id'],
        properties: {
          event_type: { type: 'string', enum: ['approved', 'denied'] },
          event_id: { type: 'string' },
        },
      },
      ApprovedEvent: event('Approved'),
      DeniedEvent: event('Denied'),
      TreeNode: {
        type: 'object',
        required: ['id', 'parent'],
        properties: { id: { type: 'string' }, parent: { $ref: '#/components/schemas/TreeNode' } },
      },
      // AWS App Runner's: the pattern's shortest match is 36 characters, its maxLength 32.
      Service: {
        type: 'object',
        required: ['ServiceId'],
        properties: {
          ServiceId: {
            type: 'string',
            pattern: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}',
            minLength: 32,
            maxLength: 32,
          },
        },
      },
      // e-conomic's: `canApprove` required, not listed, and no other member allowed.
      Employee: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'canApprove'],
        properties: { name: { type: 'string' } },
      },
      // Mercedes-Benz's: an object whose enum lists strings (generate warns and checks it as `not: {}`).
      VehicleModel: {
        type: 'object',
        required: ['modelId', 'productGroup'],
        properties: { modelId: { type: 'string' }, productGroup: { $ref: '#/components/schemas/ProductGroup' } },
      },
      ProductGroup: {
        type: 'object',
        enum: ['PKW', 'VAN'],
        required: ['name'],
        properties: { name: { type: 'string' } },
      },
      // codat's: the allOf's paging info requires `pageNumber`, which `additionalProperties: false` beside the
      // allOf (it lists no properties of its own) forbids.
      TransactionList: {
        additionalProperties: false,
        allOf: [
          { type: 'object', properties: { results: { type: 'array', items: { type: 'string' } } } },
          { type: 'object', required: ['pageNumber'], properties: { pageNumber: { type: 'integer' } } },
        ],
      },
      // ShipEngine's: each closed, and the error body requires members the pickup does not list.
      Pickup: {
        type: 'object',
        additionalProperties: false,
        properties: { pickup_id: { type: 'string' } },
      },
      ErrorBody: {
        type: 'object',
        additionalProperties: false,
        required: ['request_id'],
        properties: { request_id: { type: 'string' } },
      },
      // ShipEngine's: closed beside an allOf whose members it therefore forbids; nothing required, so `{}` only.
      DhlSettings: {
        type: 'object',
        additionalProperties: false,
        allOf: [{ type: 'object', properties: { is_primary: { type: 'boolean' } } }],
      },
      UpsSettings: {
        type: 'object',
        additionalProperties: false,
        allOf: [{ type: 'object', properties: { pickup_type: { type: 'string' } } }],
      },
      // ShipEngine's: closed, listing no members, its allOf requiring one.
      Shipment: {
        type: 'object',
        additionalProperties: false,
        allOf: [{ type: 'object', properties: { shipment_id: { type: 'string' } } }],
        required: ['shipment_id'],
      },
      UserReference: {
        type: 'object',
        required: ['type', 'id'],
        properties: { id: { type: 'string' }, type: { type: 'string', enum: ['user_reference'] } },
      },
      Action: {
        type: 'object',
        properties: {
          last_run_by: {
            oneOf: [
              ref2('UserReference'),
              {
                type: 'object',
                required: ['type', 'id'],
                properties: { id: { type: 'string' }, type: { type: 'string' } },
              },
            ],
          },
        },
      },
      Envelope: {
        type: 'object',
        required: ['success', 'result'],
        properties: { success: { type: 'boolean' }, result: { type: 'object' } },
      },
      ClientId: { type: 'string', pattern: '/^[a-z0-9]$/' },
      LinkedNode: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer' }, next: { $ref: '#/components/schemas/LinkedNode' } },
      },
    },
  },
};

roundTripSuite(
  { name: 'no-value', spec: writtenDocument('no-value', document) },
  {
    unsatisfiable: [
      'createApp: parameter organization_name (its pattern "/^.*[a-z]+.*$/i" matches no string: `^` after a character or `$` before one)',
      "patchAgent: request body (its oneOf's alternative 2 and alternative 3 accept the same values)",
      'patchContact: request body (email: its pattern "^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\\\\\\\.[a-zA-Z0-9-.]+$" requires a `\\` (an escape written twice), which no email holds)',
      'patchConversation: request body (from.id: its format uuid is 36 characters long, outside its 24 to 24)',
      'patchEmployee: request body (it requires canApprove, which it does not list and its additionalProperties: false forbids)',
      "patchEvent: request body (its oneOf's ApprovedEvent and DeniedEvent accept the same values)",
      'patchList: request body (its allOf types its required result object and array, which no value is at once)',
      'patchModel: request body (productGroup: it admits no value: `not: {}`, as the model checks an empty enum or one of no value of its type)',
      'patchNode: request body (TreeNode requires a member of its own schema: no finite value)',
      'patchQuirk: request body (its allOf asks for string and integer, which no value is at once)',
      "patchService: request body (Service.ServiceId: its pattern's shortest match is 36 characters, over its maxLength 32)",
      'patchSetting: request body (its allOf asks for object and string of ["on","off"], which no value is at once)',
      'patchToken: request body (no alternative of its oneOf admits a value (the first: client_id: its pattern "/^[a-z0-9]$/" matches no string: `^` after a character or `$` before one))',
    ],
  },
  { server: true, prism: false },
);
