// What the API sends rather than answers, and what a schema refuses: a webhook's or callback's request body takes
// a response's levels (a property added does not break the receiver, one removed does) and the receiver's answer a
// request's; response links; changes inside `not`, whose levels are the other direction's.
import { describe, expect, it } from 'vitest';
import { type Doc, diff, ids, petstore } from './pairs.js';

const only = async (edit: (d: Doc) => void, baseEdit: (d: Doc) => void = () => {}) => {
  const { findings } = await diff(petstore(baseEdit), petstore(edit));
  return ids(findings);
};

/** A 3.1 webhook newPet whose body is the Event schema and whose receiver answers an Ack. */
const withWebhook = (d: Doc) => {
  d.components.schemas.Event = {
    type: 'object',
    required: ['id', 'kind'],
    properties: { id: { type: 'string' }, kind: { type: 'string' }, note: { type: 'string' } },
  };
  d.webhooks = {
    newPet: {
      post: {
        operationId: 'newPetEvent',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
        },
        responses: {
          '200': {
            description: 'ack',
            content: {
              'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
            },
          },
        },
      },
    },
  };
};

/** A callback onAdopted on POST /pets, to the URL the request names, with the Event schema as its body. */
const withCallback = (d: Doc) => {
  withWebhook(d);
  d.paths['/pets'].post.callbacks = {
    onAdopted: {
      '{$request.body#/callbackUrl}': {
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } } },
          responses: { '204': { description: 'received' } },
        },
      },
    },
  };
};

const event = (d: Doc) => d.components.schemas.Event;
const callbackBody = (d: Doc) =>
  d.paths['/pets'].post.callbacks.onAdopted['{$request.body#/callbackUrl}'].post.requestBody.content[
    'application/json'
  ];

describe('spec-first diff: webhooks (the API sends the request)', () => {
  it('a required property added to the body is info; one removed is an error; a body property made optional too', async () => {
    const added = await diff(
      petstore(withWebhook),
      petstore((d) => {
        withWebhook(d);
        event(d).properties.source = { type: 'string' };
        event(d).required.push('source');
      }),
    );
    expect(ids(added.findings)).toEqual(['info webhook.request.property.added-required']);
    expect(added.findings[0]).toMatchObject({
      direction: 'request',
      operation: { method: 'POST', path: 'webhook:newPet', operationId: 'newPetEvent' },
      revision: { pointer: '/components/schemas/Event/properties/source' },
    });
    // The generated receiver's handler input and sender are what the body change touches in code.
    expect(added.findings[0]!.code.symbols).toContainEqual({ kind: 'member', name: 'NewPetWebhookParams.body' });
    expect(
      await only((d) => {
        withWebhook(d);
        delete event(d).properties.kind;
        event(d).required = ['id'];
      }, withWebhook),
    ).toEqual(['error webhook.request.property.removed-required']);
    expect(
      await only((d) => {
        withWebhook(d);
        event(d).required = ['id'];
      }, withWebhook),
    ).toEqual(['error webhook.request.property.became-optional']);
    // The opposite of a request's: a property the receiver may now get as null, or an enum value it does not know.
    expect(
      await only((d) => {
        withWebhook(d);
        event(d).properties.kind.enum = ['cat', 'dog'];
      }, withWebhook),
    ).toEqual(['info webhook.request.property.became-enum']);
  });

  it("the receiver's answer takes a request's levels; a webhook or one of its methods added or removed", async () => {
    const ack = (d: Doc) => d.webhooks.newPet.post.responses['200'].content['application/json'].schema;
    expect(
      await only((d) => {
        withWebhook(d);
        ack(d).required = ['ok'];
      }, withWebhook),
    ).toEqual(['error webhook.response.property.became-required']);
    // The body itself: always sent now is info, maybe not sent (or gone) breaks the receiver that reads it.
    expect(
      await only((d) => {
        withWebhook(d);
        d.webhooks.newPet.post.requestBody.required = false;
      }, withWebhook),
    ).toEqual(['error webhook.request.body.became-optional']);
    expect(
      await only(withWebhook, (d) => {
        withWebhook(d);
        d.webhooks.newPet.post.requestBody.required = false;
      }),
    ).toEqual(['info webhook.request.body.became-required']);
    expect(
      await only((d) => {
        withWebhook(d);
        delete d.webhooks.newPet.post.requestBody;
      }, withWebhook),
    ).toEqual(['error webhook.request.body.removed']);
    expect(await only(withWebhook)).toEqual(['info webhook.added']);
    const withoutWebhook = (d: Doc) => {
      withWebhook(d);
      delete d.webhooks;
    };
    expect(await only(withoutWebhook, withWebhook)).toEqual(['error webhook.removed']);
    expect(
      await only((d) => {
        withWebhook(d);
        d.webhooks.newPet.put = d.webhooks.newPet.post;
      }, withWebhook),
    ).toEqual(['info webhook.added']);
  });
});

describe('spec-first diff: webhooks, equivalent spellings', () => {
  it("3.0's x-webhooks rewritten as 3.1's webhooks is no change; a body property removed there still is", async () => {
    const hook = () => ({
      newPet: {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    });
    const as30 = petstore((d) => (d['x-webhooks'] = hook()), '3.0.3');
    expect(
      ids(
        (
          await diff(
            as30,
            petstore((d) => (d.webhooks = hook())),
          )
        ).findings,
      ),
    ).toEqual([]);
    const without = petstore((d) => {
      d.webhooks = hook();
      d.webhooks.newPet.post.requestBody.content['application/json'].schema = { type: 'object' };
    });
    expect(ids((await diff(as30, without)).findings)).toEqual(['error webhook.request.property.removed-required']);
  });
});

describe('spec-first diff: callbacks', () => {
  it('a callback added is info, removed an error; its body compared as the webhook body is', async () => {
    expect(await only(withCallback, withWebhook)).toEqual(['info callback.added']);
    const removed = await diff(petstore(withCallback), petstore(withWebhook));
    expect(ids(removed.findings)).toEqual(['error callback.removed']);
    expect(removed.findings[0]).toMatchObject({
      operation: { method: 'POST', path: '/pets', operationId: 'createPet' },
      base: { pointer: '/paths/~1pets/post/callbacks/onAdopted/{$request.body#~1callbackUrl}/post' },
    });
    // Inline, so that the webhook sharing the Event schema does not report it too.
    const inline = (d: Doc) => {
      withCallback(d);
      callbackBody(d).schema = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
    };
    expect(
      await only((d) => {
        inline(d);
        callbackBody(d).schema.properties.at = { type: 'string' };
        callbackBody(d).schema.required.push('at');
      }, inline),
    ).toEqual(['info callback.request.property.added-required']);
    expect(
      await only((d) => {
        inline(d);
        callbackBody(d).schema.required = [];
      }, inline),
    ).toEqual(['error callback.request.property.became-optional']);
    expect(
      await only((d) => {
        inline(d);
        callbackBody(d).schema.properties.id.type = 'integer';
      }, inline),
    ).toEqual(['error callback.request.property.type-changed']);
  });
});

describe('spec-first diff: links', () => {
  const withLink = (d: Doc) => {
    d.paths['/pets'].post.responses['201'].links = {
      GetCreated: { operationId: 'getPet', parameters: { petId: '$response.body#/id' }, description: 'the pet' },
    };
  };
  const link = (d: Doc) => d.paths['/pets'].post.responses['201'].links.GetCreated;

  it('added is info, removed a warning, leading elsewhere a warning; its description is no change', async () => {
    expect(await only(withLink)).toEqual(['info link.added']);
    const removed = await diff(petstore(withLink), petstore());
    expect(ids(removed.findings)).toEqual(['warning link.removed']);
    expect(removed.findings[0]!.base).toMatchObject({
      pointer: '/paths/~1pets/post/responses/201/links/GetCreated',
      line: expect.any(Number),
    });
    const changed = await diff(
      petstore(withLink),
      petstore((d) => {
        withLink(d);
        link(d).parameters.petId = '$response.body#/name';
      }),
    );
    expect(ids(changed.findings)).toEqual(['warning link.changed']);
    expect(changed.findings[0]!.revision!.pointer).toBe('/paths/~1pets/post/responses/201/links/GetCreated/parameters');
    expect(changed.findings[0]!.message).toContain('$response.body#/name');
    expect(
      await only((d) => {
        withLink(d);
        link(d).description = 'the pet just made';
      }, withLink),
    ).toEqual([]);
  });
});

describe('spec-first diff: inside not', () => {
  const withNot = (d: Doc) => {
    d.components.schemas.NewPet.not = {
      type: 'object',
      required: ['banned'],
      properties: { banned: { type: 'string', maxLength: 10 } },
    };
  };
  const not = (d: Doc) => d.components.schemas.NewPet.not;

  it('in a request, what the not-schema accepts more is refused: the levels are a response’s', async () => {
    // Refuses fewer requests: info.
    expect(
      await only((d) => {
        withNot(d);
        not(d).properties.banned.maxLength = 5;
      }, withNot),
    ).toEqual(['info request.property.max-length-decreased']);
    expect(
      await only((d) => {
        withNot(d);
        not(d).properties.reason = { type: 'string' };
        not(d).required.push('reason');
      }, withNot),
    ).toEqual(['info request.property.added-required']);
    // Refuses more requests: an error.
    expect(
      await only((d) => {
        withNot(d);
        not(d).properties.banned.maxLength = 50;
      }, withNot),
    ).toEqual(['error request.property.max-length-increased']);
    expect(
      await only((d) => {
        withNot(d);
        not(d).required = [];
      }, withNot),
    ).toEqual(['error request.property.became-optional']);
  });

  it('in a response the other way round, with the pointer into the not-schema and code that compiles', async () => {
    const pet = (d: Doc) => d.components.schemas.Pet;
    const base = (d: Doc) => (pet(d).not = { required: ['banned'], properties: { banned: { maxLength: 10 } } });
    const { findings } = await diff(
      petstore(base),
      petstore((d) => {
        base(d);
        pet(d).not.properties.banned.maxLength = 5;
      }),
    );
    expect(findings.map((f) => `${f.level} ${f.id} ${f.code.verdict}`)).toEqual([
      'error response.property.max-length-decreased compiles',
      'error response.property.max-length-decreased compiles',
    ]);
    expect(findings[0]!.location).toContain('property {not}.banned');
    expect(findings[0]!.message).toBe('inside not: maxLength 10 -> 5');
    expect(findings[0]!.revision!.pointer).toBe('/components/schemas/Pet/not/properties/banned/maxLength');
  });
});
