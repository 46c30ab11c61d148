/**
 * The settings of the page's state that its link leaves out (too long for a link): written by
 * usePermalink (./permalink.ts), read by Copy link to say so. Apart from permalink.ts so that the
 * frame of every page does not load the link packing with it.
 */
let leftOut: readonly string[] = [];

export const settingsLeftOutOfLink = (): readonly string[] => leftOut;

export function setSettingsLeftOutOfLink(keys: readonly string[]): void {
  leftOut = keys;
}
