/**
 * An error message with what it quotes left out (used by the browser before sending, and again by
 * the server for older pages): a tool's message quotes the user's own input
 * (Base64's '"ä" at position 2 is outside the ASCII range'), which must not reach the server.
 */
export const withoutQuotedText = (message: string): string => message.replace(/"[^"]*"|“[^”]*”/g, '"…"');
