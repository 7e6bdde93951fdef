/** The buyer e-mails' timeline rows (`buyerNoticeSent`, `buyerNoticeFailed`): which e-mail, to whom, or why not. */
export function buyerNoticeEventName(event: string, payload: Record<string, unknown>): string | null {
  if (event !== 'buyerNoticeSent' && event !== 'buyerNoticeFailed') return null;
  const kind = payload.kind === 'delivered' ? 'Delivered' : 'Shipped';
  const to = typeof payload.to === 'string' && payload.to ? ` to ${payload.to}` : '';
  if (event === 'buyerNoticeSent') return `${kind} e-mail sent${to}`;
  const why = typeof payload.message === 'string' && payload.message ? `: ${payload.message}` : '';
  return `${kind} e-mail${to} not sent${why}`;
}
