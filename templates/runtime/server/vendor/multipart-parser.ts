// Shim: in generated/ this file is replaced by @mjackson/multipart-parser's own single-file Node build.
export { parseMultipart, getMultipartBoundary, MultipartParseError } from '@mjackson/multipart-parser/node';
