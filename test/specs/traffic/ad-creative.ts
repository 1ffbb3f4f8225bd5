// Ad creative requests written the way public clients send them (classes of the fidelity review of recorded
// traffic; the ids are the reference seed's, every value this project's own).
import type { TrafficExchange } from '../../support/traffic-replay.js';

const CREATIVE = '120330000008134415';
const PROOF = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const link = 'https://shop.example/autumn';
/** Why the spec refuses an unversioned call the reference answers. */
const UNVERSIONED =
  "OpenAPI has no optional path segment: the spec's paths carry the version (ad-creative-service.md, Versioning), and the reference answers a call without one as the spec's version, as the public service answers it as a default version (docs/spec-conventions.md, Leniency)";

export const AD_CREATIVE_TRAFFIC: TrafficExchange[] = [
  {
    kind: 'a version with a minor number',
    name: 'a read under v2.10',
    method: 'GET',
    path: `/v2.10/${CREATIVE}`,
    query: { fields: 'id,name' },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'appsecret_proof',
    name: 'a list with appsecret_proof beside the token',
    method: 'GET',
    path: '/v20.0/act_1234567890/adcreatives',
    query: { fields: 'id', appsecret_proof: PROOF },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'JSON null inside a JSON-string form field',
    name: 'a create whose story spec holds null members, with appsecret_proof in the form',
    method: 'POST',
    path: '/v20.0/act_1234567890/adcreatives',
    form: {
      name: 'Autumn carousel',
      object_story_spec: JSON.stringify({
        page_id: '1122334455',
        photoapp_actor_id: null,
        link_data: {
          link,
          message: 'Autumn sale',
          call_to_action: { type: 'SHOP_NOW', value: { link, app_link: null } },
        },
      }),
      appsecret_proof: PROOF,
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'a quoted object_story_id',
    name: 'a create naming its post with the quotes of a curl -F value',
    method: 'POST',
    path: '/v20.0/act_1234567890/adcreatives',
    form: { name: 'Boosted spring post', object_story_id: '"1122334455_998877"' },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'a call without a version segment',
    name: 'a read of a creative by its id alone, as calls were written before Graph had versions',
    method: 'GET',
    path: `/${CREATIVE}`,
    query: { fields: 'id,name' },
    spec: 'refuse',
    reference: 'accept',
    because: UNVERSIONED,
  },
  {
    kind: 'a call without a version segment',
    name: "a list of an ad account's creatives without a version",
    method: 'GET',
    path: '/act_1234567890/adcreatives',
    query: { fields: 'id,name', limit: '2' },
    spec: 'refuse',
    reference: 'accept',
    because: UNVERSIONED,
  },
  {
    kind: 'a call without a version segment',
    name: "a page's promotable posts without a version",
    method: 'GET',
    path: '/111222333444/promotable_posts',
    spec: 'refuse',
    reference: 'accept',
    because: UNVERSIONED,
  },
  {
    kind: 'control',
    name: 'a first segment that is neither a version nor a node with that edge',
    method: 'GET',
    path: `/version20/${CREATIVE}`,
    spec: 'refuse',
    reference: 'refuse',
    because:
      'ADC-VERSION-1: a first segment that starts like a version must be one; read as a node, version20 has no such edge',
  },
  {
    kind: 'control',
    name: 'a version without its minor number',
    method: 'GET',
    path: `/v20/${CREATIVE}`,
    spec: 'refuse',
    reference: 'refuse',
    because: 'ad-creative-service.md, Versioning: the version is a path segment of the form v<number>.0',
  },
  {
    kind: 'control',
    name: 'a quoted object_story_id that is no post id',
    method: 'POST',
    path: '/v20.0/act_1234567890/adcreatives',
    form: { name: 'Broken', object_story_id: '"spring-post"' },
    spec: 'refuse',
    reference: 'refuse',
    because: 'ad-creative-service.md, Resources: object_story_id has the form <post_owner_id>_<post_id>',
  },
  {
    kind: 'a page addressed by its username',
    name: "a page's promotable posts with the page named by its username, in another case",
    method: 'GET',
    path: '/v20.0/acmeshop/promotable_posts',
    query: { include_inline: 'true' },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'a page addressed by its username',
    name: "a page's promotable posts under a username no page has",
    method: 'GET',
    path: '/v20.0/AutumnShop/promotable_posts',
    query: { include_inline: 'true' },
    spec: 'accept',
    reference: 'refuse',
    because:
      'no seeded page has that username: the reference answers as for any object the caller cannot see (100/33, public-service-notes 1.6); the spec cannot know which usernames exist',
  },
  {
    kind: 'control',
    name: "an update of a creative's body text",
    method: 'POST',
    path: `/v20.0/${CREATIVE}`,
    form: { body: 'New words' },
    spec: 'refuse',
    reference: 'refuse',
    because:
      'ad-creative-service.md, Update a creative: the update takes account_id, adlabels, name and status; the only exchange sending body is a 2012 library mock',
  },
  {
    kind: 'control',
    name: 'a null where the story spec needs its page',
    method: 'POST',
    path: '/v20.0/act_1234567890/adcreatives',
    form: { name: 'No page', object_story_spec: JSON.stringify({ page_id: null, link_data: { link } }) },
    spec: 'refuse',
    reference: 'refuse',
    because: 'ad-creative-service.md, Create a creative: object_story_spec names its page',
  },
  {
    kind: 'a features spec as a Python dict literal',
    name: 'standard enhancements enrolled through a dict literal nesting another, as the business SDK example sends it',
    method: 'POST',
    path: '/v20.0/act_1234567890/adcreatives',
    form: {
      name: 'Enrolled',
      object_story_id: '1122334455_998877',
      degrees_of_freedom_spec: JSON.stringify({
        creative_features_spec: "{'standard_enhancements':'{\\'enroll_status\\':\\'OPT_IN\\'}'}",
      }),
    },
    spec: 'accept',
    reference: 'accept',
  },
  {
    kind: 'a features spec as a Python dict literal',
    name: 'a features spec literal that spells no object',
    method: 'POST',
    path: '/v20.0/act_1234567890/adcreatives',
    form: {
      name: 'Enrolled',
      object_story_id: '1122334455_998877',
      degrees_of_freedom_spec: JSON.stringify({ creative_features_spec: "{'standard_enhancements': " }),
    },
    spec: 'accept',
    reference: 'refuse',
    because:
      "the spec's DictLiteral is a string that opens an object (a pattern cannot say a literal is whole); the reference reads it as Graph reads a JSON form value, and one that spells no object is a bad param (code 100)",
  },
  {
    kind: 'enrolment as the features spec object',
    name: 'standard enhancements enrolled through the features spec object',
    method: 'POST',
    path: '/v20.0/act_1234567890/adcreatives',
    form: {
      name: 'Enrolled as an object',
      object_story_id: '1122334455_998877',
      degrees_of_freedom_spec: JSON.stringify({
        creative_features_spec: { standard_enhancements: { enroll_status: 'OPT_IN' } },
      }),
    },
    spec: 'accept',
    reference: 'accept',
  },
];
