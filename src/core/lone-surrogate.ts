/** Half of a surrogate pair standing alone (text cut inside an emoji): not a character, so no UTF encodes it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first lone surrogate of `text`: its code (`D83D`) and its 1-based position in characters (an
 * emoji before it counts one, not its two UTF-16 units); null when there is none.
 */
export function loneSurrogate(text: string): { code: string; position: number } | null {
  const lone = LONE_SURROGATE.exec(text);
  if (!lone) return null;
  const pairs = text.slice(0, lone.index).match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0;
  return { code: lone[0].charCodeAt(0).toString(16).toUpperCase(), position: lone.index - pairs + 1 };
}
