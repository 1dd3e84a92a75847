/** The AI layer could not produce a valid answer; the message is fit to show an administrator. */
export class AiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiError';
  }
}
