/** The HTTP methods a path item may hold an operation under (OpenAPI 3.0/3.1). */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
