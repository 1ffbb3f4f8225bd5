// Shim: in generated/ this file is replaced by @mjackson/multipart-parser's own single-file Node build.
export { getMultipartBoundary, MultipartPart } from '@mjackson/multipart-parser/node';
