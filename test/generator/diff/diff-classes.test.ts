// Every class of change the diff reports, on pairs written here: endpoints (deprecation- and sunset-aware),
// statuses, parameters (serialisation too), request bodies, media types, response headers, composition,
// security, operationId and tags, defaults, readOnly/writeOnly, nullability and 3.1 keywords.
import { describe, expect, it } from 'vitest';
import { diff, ids, petstore } from './pairs.js';

const only = async (edit: Parameters<typeof petstore>[0], baseEdit: Parameters<typeof petstore>[0] = () => {}) =>
  ids((await diff(petstore(baseEdit), petstore(edit), { now: new Date('2026-01-01') })).findings);

describe('spec-first diff: endpoints', () => {
  it('removed without deprecation is an error; deprecated first, info; before its sunset, an error', async () => {
    expect(await only((d) => delete d.paths['/pets/{petId}'].get)).toEqual(['error path.removed']);
    const deprecated = (d: any) => (d.paths['/pets'].post.deprecated = true);
    expect(await only((d) => delete d.paths['/pets'].post, deprecated)).toEqual(['info path.removed-deprecated']);
    const sunset = (d: any) => Object.assign(d.paths['/pets'].post, { deprecated: true, 'x-sunset': '2027-01-01' });
    expect(await only((d) => delete d.paths['/pets'].post, sunset)).toEqual(['error path.removed-before-sunset']);
  });

  it('an operation added is info; deprecating one is info', async () => {
    expect(await only((d) => (d.paths['/pets'].get = { responses: { '200': { description: 'ok' } } }))).toEqual([
      'info endpoint.added',
    ]);
    expect(await only((d) => (d.paths['/pets'].post.deprecated = true))).toEqual(['info endpoint.deprecated']);
  });

  it('renaming a path placeholder is no change; operationId and tags are info, the rename breaks code', async () => {
    expect(
      await only((d) => {
        d.paths['/pets/{id}'] = d.paths['/pets/{petId}'];
        delete d.paths['/pets/{petId}'];
        d.paths['/pets/{id}'].get.parameters[0].name = 'id';
      }),
    ).toEqual([]);
    const { findings } = await diff(
      petstore(),
      petstore((d) => {
        d.paths['/pets'].post.operationId = 'addPet';
        d.paths['/pets'].post.tags = ['animals'];
      }),
    );
    expect(ids(findings)).toEqual([
      'info endpoint.operation-id-changed',
      'info endpoint.tag-added',
      'info endpoint.tag-removed',
    ]);
    const renamed = findings.find((f) => f.id === 'endpoint.operation-id-changed')!;
    expect(renamed.code.verdict).toBe('breaks');
    expect(renamed.message).toContain('client function createPet is now addPet');
  });
});

describe('spec-first diff: statuses, parameters, bodies, media types, headers', () => {
  it('statuses: a success removed is an error, an error status removed info, one added info', async () => {
    expect(
      await only((d) => {
        d.paths['/pets'].post.responses['200'] = d.paths['/pets'].post.responses['201'];
        delete d.paths['/pets'].post.responses['201'];
        delete d.paths['/pets'].post.responses['400'];
      }),
    ).toEqual([
      'error response.status.removed',
      'info response.status.added',
      'info response.status.removed-non-success',
    ]);
  });

  it('parameters: required added, removed, became required, type, style/explode, constraints', async () => {
    const params = (d: any) => d.paths['/pets'].post.parameters;
    expect(
      await only((d) => params(d).push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } })),
    ).toEqual(['error request.parameter.added-required']);
    expect(await only((d) => params(d).push({ name: 'owner', in: 'query', schema: { type: 'string' } }))).toEqual([
      'info request.parameter.added-optional',
    ]);
    expect(await only((d) => params(d).pop())).toEqual(['warning request.parameter.removed']);
    expect(await only((d) => (params(d)[0].required = true))).toEqual(['error request.parameter.became-required']);
    expect(await only((d) => (params(d)[0].schema.type = 'string'))).toEqual(['error request.parameter.type-changed']);
    expect(await only((d) => (params(d)[0].schema.maximum = 10))).toEqual(['error request.parameter.max-decreased']);
    expect(await only((d) => (params(d)[0].schema.maximum = 1000))).toEqual(['info request.parameter.max-increased']);
    expect(await only((d) => (params(d)[0].explode = false))).toEqual([
      'error request.parameter.serialization-changed',
    ]);
    // The default written out is no change.
    expect(await only((d) => Object.assign(params(d)[0], { style: 'form', explode: true }))).toEqual([]);
  });

  it('request bodies: removed, became optional, added required; media types removed and added', async () => {
    expect(await only((d) => delete d.paths['/pets'].post.requestBody)).toEqual(['error request.body.removed']);
    expect(await only((d) => (d.paths['/pets'].post.requestBody.required = false))).toEqual([
      'info request.body.became-optional',
    ]);
    expect(
      await only(
        (d) => (d.paths['/pets'].post.requestBody.required = true),
        (d) => (d.paths['/pets'].post.requestBody.required = false),
      ),
    ).toEqual(['error request.body.became-required']);
    expect(
      await only((d) => {
        const body = d.paths['/pets'].post.requestBody.content;
        body['application/xml'] = body['application/json'];
        delete body['application/json'];
      }),
    ).toEqual(['error request.media-type.removed', 'info request.media-type.added']);
    expect(
      await only((d) => {
        const answer = d.paths['/pets'].post.responses['201'].content;
        answer['text/plain'] = { schema: { type: 'string' } };
      }),
    ).toEqual(['info response.media-type.added']);
  });

  it('response headers: a required one removed or made optional is an error', async () => {
    const headers = (d: any) => d.paths['/pets'].post.responses['201'].headers;
    expect(await only((d) => delete headers(d)['X-Rate-Limit'])).toEqual(['error response.header.removed-required']);
    expect(await only((d) => (headers(d)['X-Rate-Limit'].required = false))).toEqual([
      'error response.header.became-optional',
    ]);
    expect(await only((d) => (headers(d)['X-Rate-Limit'].schema.type = 'number'))).toEqual([
      'error response.header.type-generalized',
    ]);
  });
});

describe('spec-first diff: schema classes', () => {
  const newPet = (d: any) => d.components.schemas.NewPet.properties;
  const pet = (d: any) => d.components.schemas.Pet.properties;

  it('type and format, by direction', async () => {
    expect(await only((d) => (newPet(d).age.type = 'number'))).toEqual(['info request.property.type-generalized']);
    expect(await only((d) => (pet(d).id.type = 'number'))).toEqual([
      'error response.property.type-generalized',
      'error response.property.type-generalized',
    ]);
    expect(await only((d) => (newPet(d).name.format = 'email'))).toEqual(['error request.property.format-added']);
  });

  it('nullability, in 3.1 spelling: null allowed in a response is an error, refused in a request too', async () => {
    expect(await only((d) => (pet(d).note.type = ['string', 'null']))).toEqual([
      'error response.property.became-nullable',
      'error response.property.became-nullable',
    ]);
    expect(
      await only(
        (d) => (newPet(d).name.type = 'string'),
        (d) => (newPet(d).name.type = ['string', 'null']),
      ),
    ).toEqual(['error request.property.became-not-nullable']);
  });

  it('constraints: a request bound set is a warning, tightened an error; a response length relaxed an error', async () => {
    expect(await only((d) => (newPet(d).age.minimum = 0))).toEqual(['warning request.property.min-set']);
    expect(await only((d) => (newPet(d).name.maxLength = 10))).toEqual(['error request.property.max-length-decreased']);
    expect(
      await only(
        (d) => (pet(d).name.maxLength = 10),
        (d) => (pet(d).name.maxLength = 5),
      ),
    ).toEqual(['error response.property.max-length-increased', 'error response.property.max-length-increased']);
    expect(await only((d) => (newPet(d).name.pattern = '^[a-z]+$'))).toEqual(['error request.property.pattern-added']);
  });

  it('readOnly/writeOnly: a required readOnly property added to a request binds nothing; defaults are info', async () => {
    const found = await only((d) => {
      newPet(d).id = { type: 'integer', readOnly: true };
      d.components.schemas.NewPet.required.push('id');
    });
    expect(found).toEqual(['info request.property.added-required']);
    expect(await only((d) => (newPet(d).kind.default = 'cat'))).toEqual(['info request.property.default-value-added']);
    expect(await only((d) => (d.paths['/pets'].post.parameters[0].schema.default = 20))).toEqual([
      'error request.parameter.default-value-added',
    ]);
  });

  it('composition: a oneOf alternative added breaks a response, not a request; removed, the reverse', async () => {
    const union = (members: object[]) => (d: any) => {
      d.components.schemas.Cat = { type: 'object', properties: { meow: { type: 'boolean' } } };
      d.components.schemas.Dog = { type: 'object', properties: { bark: { type: 'boolean' } } };
      d.components.schemas.Bird = { type: 'object', properties: { song: { type: 'string' } } };
      newPet(d).detail = { oneOf: members };
      pet(d).detail = { oneOf: members };
    };
    const two = [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }];
    const three = [...two, { $ref: '#/components/schemas/Bird' }];
    expect(await only(union(three), union(two))).toEqual([
      'error response.property.one-of-added',
      'error response.property.one-of-added',
      'info request.property.one-of-added',
    ]);
    expect(await only(union(two), union(three))).toEqual([
      'error request.property.one-of-removed',
      'info response.property.one-of-removed',
      'info response.property.one-of-removed',
    ]);
  });

  it('x-extensible-enum: a value removed from a request is an error; one added to a response is info', async () => {
    const extensible = (values: string[]) => (d: any) => {
      newPet(d).kind = { type: 'string', 'x-extensible-enum': values };
      pet(d).kind = { type: 'string', 'x-extensible-enum': values };
    };
    expect(await only(extensible(['cat']), extensible(['cat', 'dog']))).toEqual([
      'error request.property.x-extensible-enum-value-removed',
      'info response.property.x-extensible-enum-value-removed',
      'info response.property.x-extensible-enum-value-removed',
    ]);
    expect(await only(extensible(['cat', 'dog', 'bird']), extensible(['cat', 'dog']))).toEqual([
      'info request.property.x-extensible-enum-value-added',
      'info response.property.x-extensible-enum-value-added',
      'info response.property.x-extensible-enum-value-added',
    ]);
  });

  it('3.1 keywords: const, contains, prefixItems, dependentRequired, if', async () => {
    expect(await only((d) => (newPet(d).kind.const = 'cat'))).toEqual(['error request.property.const-added']);
    expect(
      await only(
        (d) => (newPet(d).tags = { type: 'array', contains: { const: 'x' } }),
        (d) => (newPet(d).tags = { type: 'array' }),
      ),
    ).toEqual(['error request.property.contains-added']);
    expect(await only((d) => (d.components.schemas.NewPet.dependentRequired = { kind: ['age'] }))).toEqual([
      'error request.body.dependent-required-added',
    ]);
    expect(await only((d) => (d.components.schemas.NewPet.if = { properties: { kind: { const: 'cat' } } }))).toEqual([
      'error request.body.if-added',
    ]);
  });
});

describe('spec-first diff: security', () => {
  const scheme = (d: any) => {
    d.components.securitySchemes = {
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      oauth: { type: 'oauth2', flows: {} },
    };
  };
  it('a credential now required is an error (oasdiff: info); another way accepted is info; a scope added an error', async () => {
    expect(
      await only((d) => {
        scheme(d);
        d.paths['/pets'].post.security = [{ key: [] }];
      }, scheme),
    ).toEqual(['error security.tightened']);
    expect(
      await only(
        (d) => {
          scheme(d);
          d.paths['/pets'].post.security = [{ key: [] }, { oauth: [] }];
        },
        (d) => {
          scheme(d);
          d.paths['/pets'].post.security = [{ key: [] }];
        },
      ),
    ).toEqual(['info security.loosened']);
    expect(
      await only(
        (d) => {
          scheme(d);
          d.paths['/pets'].post.security = [{ oauth: ['read', 'write'] }];
        },
        (d) => {
          scheme(d);
          d.paths['/pets'].post.security = [{ oauth: ['read'] }];
        },
      ),
    ).toEqual(['error security.scope-added']);
    expect(
      await only((d) => {
        scheme(d);
        d.components.securitySchemes.key.name = 'X-Api-Key';
      }, scheme),
    ).toEqual(['error security.scheme-changed']);
  });
});
