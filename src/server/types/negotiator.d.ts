// negotiator 1.x (its own types are not published; @types/negotiator describes 0.6, without `preferred`).
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The acceptable encodings of `available`, the client's most wanted first; ties in `preferred` order. */
    encodings(available: string[], options?: { preferred?: string[] }): string[];
  }
  export default Negotiator;
}
