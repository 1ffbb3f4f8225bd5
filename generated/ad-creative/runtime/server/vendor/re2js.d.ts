// Declarations of the vendored re2js (RE2's linear-time engine in JavaScript) beside this file: the parts the runtime uses.
export declare class RE2JS {
  static LOOKBEHINDS: number;
  static compile(regex: string, flags?: number): RE2JS;
  static translateRegExp(expr: string): string;
  test(input: string): boolean;
  testExact(input: string): boolean;
}
