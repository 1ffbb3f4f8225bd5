// The kind of a round-trip failure (bench/corpus-roundtrip.ts's "failures by kind"): one of Prism's behaviours met
// before, each with its issue where one is open; one of the documents' own faults the round trip names; another
// refusal of the request; what the client made of the answer.

/**
 * The documents' faults the round trip names in a failure's text (roundtrip-prism-notes.ts), and its own draw's
 * where it says so, whatever the target: counted under their own kind, not as a refusal to sort again.
 */
const DOCUMENT_KINDS: Array<[RegExp, string]> = [
  [
    /a parameter's oneOf two alternatives of which take the text of every drawn value \(the document's\)/,
    "the document's: a parameter's oneOf two alternatives of which take every drawn value's text (Prism refuses it)",
  ],
  [
    /a required (GET|HEAD) request body/,
    "the document's: a required GET or HEAD request body (the client leaves it out with a warning; Prism requires it)",
  ],
  [
    /body typed as an object or array \(the document's\)/,
    "the document's: a body of bytes or text typed as an object or array (Prism checks it unparsed)",
  ],
  [
    /a member declared only in a oneOf beside additionalProperties: false, which Prism refuses as additional \(the document's\)/,
    "the document's: a member declared only in a oneOf beside additionalProperties: false (Prism refuses it as additional)",
  ],
  [
    /a pattern with a lookaround the round trip's draw did not meet/,
    "the round trip's: a pattern with a lookaround its draw did not meet (the generated server leaves it unchecked)",
  ],
  [
    /an exploded object query parameter whose members are named as other parameters \(the document's\)/,
    "the document's: an exploded object query parameter whose members are named as other query parameters",
  ],
];

/**
 * Prism's behaviours met before, each with its issue where one is open: a failure through Prism that matches one
 * is counted under it, not as a refusal to sort again.
 */
const PRISM_KINDS: Array<[RegExp, string]> = [
  [/Prism stopped on the request/, 'Prism crashed on the request'],
  [
    /a null a member's nullable admits, which Prism refuses inside an allOf it merges/,
    "Prism: a null a nullable member admits, refused where Prism's allOf merge drops the nullable",
  ],
  [
    /a path key with a #fragment or a query, which Prism does not route to its operation/,
    "Prism: a path key with a #fragment or a query, not routed to its operation (no route, or another key's)",
  ],
  [
    /NO_PATH_MATCHED_ERROR|NO_METHOD_MATCHED_ERROR/,
    'Prism: no route (a path key with a #fragment or a query: AWS, Azure Data Lake, or another key taking the request)',
  ],
  [/Reserved characters used in request body/, 'Prism: reserved characters in a multipart part'],
  [/stoplightio\/prism#2050/, 'Prism: an XML body checked as text (stoplightio/prism#2050)'],
  [/a text\/json body, which Prism reads as text/, 'Prism: a text/json body read as text, not JSON'],
  [/a JSON lines body, which Prism checks as one value/, 'Prism: a JSON lines body checked as one value, unparsed'],
  [/Cannot find serializer for/, 'Prism: no serializer for a binary or multipart answer (stoplightio/prism#2054)'],
  [
    /Invalid reference token: paths/,
    'Prism: an answer whose schema is a $ref into #/paths, which it cannot resolve (500)',
  ],
  [/SCHEMA_TOO_COMPLEX/, "Prism: an answer's schema past json-schema-sampler's 1,000 nodes (stoplightio/prism#2033)"],
  [/NO_COMPLEX_OBJECT_TEXT/, 'Prism: an object answer it cannot write as text'],
  [
    /required property '[^']*%5b/,
    'Prism: a query name with brackets looked up percent-encoded (stoplightio/prism#2443)',
  ],
  [
    /Request header (must have required property '|parameter )(content-type|accept|authorization)\b/,
    'Prism: a declared Content-Type, Accept or Authorization header parameter checked (stoplightio/prism#2057)',
  ],
  [
    /Request header must have required property '(transfer-encoding|content-length)'/,
    "Prism: a Transfer-Encoding or Content-Length header parameter required (the connection's, which fetch does not let a caller set)",
  ],
  // A documented Content-Length answer header Prism writes with a drawn value (Azure Data Lake's `Path_Create`;
  // curl: "Invalid Content-Length").
  [/HPE_(UNEXPECTED|INVALID)_CONTENT_LENGTH|Z_DATA_ERROR/, 'Prism: an answer fetch refuses'],
  [
    /a 500 to a HEAD request, whose error Prism writes in no body/,
    "Prism: a 500 to a HEAD request (Azure Data Lake's: no serializer, stoplightio/prism#2054, seen in its log)",
  ],
  [
    /is not well-formed XML \(.*Tag '\d+' is an invalid name/,
    "the document's: an item example that is an array, which Prism answers as the item, its members as `<0>` elements",
  ],
  [
    /Request body property \S+ must be array/,
    'Prism: a form array without an `encoding` read as one value (stoplightio/prism#2654)',
  ],
  [
    // `type: [array, null]`, or its anyOf spelling (Mistral's `workflow_event_types`: must be array; must be null).
    /Request query parameter \S+ must be array,null|Request query parameter (\S+) must be array; request\.query\.\S+: Request query parameter \1 must be null/,
    'Prism: a query array typed [array, null] read as one value (its coercion reads `type: array` alone; anyOf alike, stoplightio/prism#2675)',
  ],
  [
    /a query array alternative of a oneOf, written delimited, which Prism reads as one value/,
    'Prism: a delimited query array inside a oneOf read as one value (its coercion reads `type: array` alone, stoplightio/prism#2675)',
  ],
  [
    /a path segment holding several parameters, which Prism splits otherwise/,
    'Prism: a path segment holding several parameters split otherwise than its parameters say',
  ],
  [
    /another path template of the same shape, to which Prism may route the request/,
    'Prism: a request routed to another path template of the same shape',
  ],
  [
    /another path's operation, to which Prism routed the request/,
    "Prism: a request routed to another path's operation (a literal segment taken for another's template)",
  ],
  [
    /a redirect to a Location Prism makes up, which the client follows/,
    'Prism: a documented redirect to a Location it makes up, which the client follows',
  ],
  [
    /a path template name holding a colon, which Prism reads as a prefix modifier/,
    'Prism: a path template name holding a colon read as an RFC 6570 prefix modifier',
  ],
  [
    /a multipart JSON part \(an object field\), which Prism checks as text/,
    'Prism: a multipart JSON part (an object field) checked as text',
  ],
  [
    /a form object field written exploded, its members as fields, which Prism does not gather back/,
    'Prism: a URL-encoded object field written form + exploded (its members as fields) not gathered back',
  ],
  [
    /a form field declared only inside an alternative of an allOf member, which Prism's form reader leaves out/,
    'Prism: a form field declared only inside an alternative of an allOf member, not read from the form',
  ],
  [
    /a JSON body checked against the schema of a media range listed before its own type/,
    'Prism: a JSON body checked against the schema of a media range listed before its own type',
  ],
  [
    /a number of an enum without a type, which Prism reads as text/,
    'Prism: a number of an enum without a type read as text',
  ],
  [
    /answers documented under media ranges only, for which Prism writes no content/,
    'Prism: no content for answers documented under media ranges only (406)',
  ],
];

/** A failure's kind on a target (`server`, `receiver`, `prism`), from its text (`<operation>: <what failed>`). */
export function failureKind(target: string, failure: string): string {
  return (
    DOCUMENT_KINDS.find(([pattern]) => pattern.test(failure))?.[1] ??
    (target === 'prism' ? PRISM_KINDS.find(([pattern]) => pattern.test(failure))?.[1] : undefined) ??
    (/request\.|HTTP 422|HTTP 400|HTTP 401|HTTP 404|HTTP 405/.test(failure) ? 'refused by the target' : 'answer')
  );
}
