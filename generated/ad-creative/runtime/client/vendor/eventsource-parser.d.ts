// Declarations of the vendored eventsource-parser build beside this file (the parts the runtime uses).
export interface EventSourceMessage {
  event?: string;
  id?: string;
  data: string;
}
export interface EventSourceParser {
  feed(chunk: string): void;
  reset(options?: { consume?: boolean }): void;
}
export declare function createParser(config: {
  onEvent?: (event: EventSourceMessage) => void;
  onRetry?: (retry: number) => void;
  onComment?: (comment: string) => void;
  onError?: (error: Error) => void;
}): EventSourceParser;
