/**
 * The message of a text field that is not text: "Year is required" when it is missing, "Year must be
 * text" when it is there with another type (a number, a list): the sentence says what is wrong.
 */
export const notTextError =
  (label: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;
