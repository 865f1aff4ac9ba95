/** Texts used by several operations, each written once under a name, and what each operation writes. */
export interface SharedTexts {
  /** The constants to write before the table, in first-use order. */
  readonly constants: readonly { readonly name: string; readonly text: string }[];
  /** Per input, what the table writes: the constant's name for a repeated text, else the text itself. */
  readonly refs: readonly (string | undefined)[];
}

/**
 * Shares the texts that several operations repeat: a document whose operations declare the same
 * errors gets the same mapper for each of them (Microsoft Graph: one mapper text for 11,000
 * operations, 5 MB of `server.js` that the runtime compiled at every start). A text used once
 * stays where it is. Names are `${prefix}1`, `${prefix}2`, … (a `$` prefix never meets an
 * operation's name, which are only ever property keys here, nor the module's own names).
 * Without a prefix nothing is shared.
 */
export function shareRepeated(texts: readonly (string | undefined)[], prefix: string | undefined): SharedTexts {
  if (prefix === undefined) return { constants: [], refs: texts };
  const uses = new Map<string, number>();
  for (const text of texts) if (text !== undefined) uses.set(text, (uses.get(text) ?? 0) + 1);
  const names = new Map<string, string>();
  const constants: { name: string; text: string }[] = [];
  const refs = texts.map((text) => {
    if (text === undefined || uses.get(text)! < 2) return text;
    let name = names.get(text);
    if (name === undefined) {
      name = `${prefix}${constants.length + 1}`;
      names.set(text, name);
      constants.push({ name, text });
    }
    return name;
  });
  return { constants, refs };
}

/**
 * Shares texts written inside larger ones: `mark` stands for a text while the larger texts are
 * written (a placeholder no generated text holds: literals escape control characters), then
 * `resolve` names the repeated ones and `fill` puts each name, or the text used once, in place.
 */
export class MarkedTexts {
  readonly #texts: string[] = [];

  /** The placeholder of `text`. */
  readonly mark = (text: string): string => `\u0000${this.#texts.push(text) - 1}\u0000`;

  /** The constants of the repeated texts, and `fill`, which replaces the placeholders in a text. */
  resolve(prefix: string): { constants: SharedTexts['constants']; fill: (text: string) => string } {
    const { constants, refs } = shareRepeated(this.#texts, prefix);
    const fill = (text: string) => {
      // Between two placeholders' NULs, the odd pieces are texts' numbers.
      const pieces = text.split('\u0000');
      for (let i = 1; i < pieces.length; i += 2) pieces[i] = refs[Number(pieces[i])]!;
      return pieces.join('');
    };
    return { constants, fill };
  }
}
