/** "ClientId is Invalid (10401)": a carrier's error message with its code, the way support asks for both. */
export function withCode(message: string | undefined, code: string | undefined): string {
  const text = message || 'Error';
  return code ? `${text} (${code})` : text;
}
