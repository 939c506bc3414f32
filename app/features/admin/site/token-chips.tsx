import {
  CONTENT_TOKENS,
  PROPOSAL_TOKENS,
  TOKEN_LABELS,
  TOKEN_PATTERN,
  tokenValues,
  withArticle,
  type ContentToken,
} from '#common/site-content/content-tokens.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { DEFAULT_PACKAGES } from '#common/site-content/defaults.ts';

const chip =
  'inline-flex max-w-full items-center gap-1.5 rounded-full border border-accent/40 bg-accent-soft px-2.5 py-0.5 text-xs text-fg';

const ALL_TOKENS: readonly string[] = [...CONTENT_TOKENS, ...PROPOSAL_TOKENS];

function isToken(name: string): name is ContentToken {
  return ALL_TOKENS.includes(name);
}

/**
 * The tokens a text uses, as chips an owner can read ("City: Decatur") instead of `{{studio.city}}`,
 * with the value the pages will show now. Nothing when the text uses none.
 */
export function TokenChips({ text, studio, id }: { text: string; studio: Studio; id?: string }) {
  const values = tokenValues({ studio, packages: DEFAULT_PACKAGES });
  const used = new Map<string, string>();
  for (const [, article, name] of text.matchAll(TOKEN_PATTERN)) {
    if (!name || !isToken(name)) continue;
    const value = values[name] ?? '';
    used.set(`${article ?? ''}${name}`, `${TOKEN_LABELS[name]}: ${article ? withArticle(value, { capital: article === 'A' }) : value}`);
  }
  if (used.size === 0) return null;
  return (
    <p id={id} className="flex flex-wrap items-center gap-1.5 text-xs text-fg-muted">
      <span>Filled in from your settings:</span>
      {[...used].map(([key, words]) => (
        <span key={key} className={chip}>
          {words}
        </span>
      ))}
    </p>
  );
}

/**
 * Every token an owner may write, each as its chip with what to type; with `proposal`, also those
 * each proposal fills (the agreement's payment plan).
 */
export function TokenLegend({ proposal = false }: { proposal?: boolean }) {
  const tokens: readonly ContentToken[] = proposal ? [...CONTENT_TOKENS, ...PROPOSAL_TOKENS] : CONTENT_TOKENS;
  return (
    <div className="rounded-xl border border-line bg-surface p-4 text-sm sm:p-5">
      <h3 className="font-semibold text-fg">Facts from your settings</h3>
      <p className="mt-1 text-fg-muted">
        Type the code in any text and the pages show the current value. Put <code className="text-accent">a</code> before it for the right
        article: <code className="text-accent">{'{{a studio.city}}'}</code> reads “an Atlanta” or “a Decatur”.
      </p>
      <ul className="mt-3 grid gap-1.5 sm:grid-cols-2">
        {tokens.map((token) => (
          <li key={token} className="flex flex-wrap items-center gap-2">
            <span className={chip}>{TOKEN_LABELS[token]}</span>
            <code className="text-xs text-fg-subtle">{`{{${token}}}`}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
