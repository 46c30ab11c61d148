/** The Base64 tool's messages (spec part 2, section 8): copied verbatim. */
export const ENTER_TEXT = 'Please enter text to encode';
export const ENTER_BASE64 = 'Please enter Base64 to decode';
export const INVALID_BASE64 = 'Invalid Base64 string';
export const encodingFailed = (reason: string) => `Encoding failed: ${reason}`;
export const decodingFailed = (reason: string) => `Decoding failed: ${reason}`;

/** Thrown for input that breaks the validity rule; its message is the spec's. */
export class InvalidBase64Error extends Error {
  constructor() {
    super(INVALID_BASE64);
    this.name = 'InvalidBase64Error';
  }
}
