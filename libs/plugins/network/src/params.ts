import { Params, ToolError, Type, type ArgumentRule } from '@stagewright/sdk';
import { patternList } from './url-match.js';

/** Parameters the renderer and main-process tools share, so one word means one thing in both. */

/**
 * `url`: one pattern, or several separated by spaces (any matches). A URL as Chromium and Node
 * hand it over never holds a raw space, so a space can only separate patterns; a string costs the
 * listing far less than a string-or-array union.
 */
export const urlPatterns = (required = false) => {
  const schema = Type.String({ minLength: 1, maxLength: 4000 });
  return required ? schema : Type.Optional(schema);
};

/** A stub's `method`: one HTTP method, or several space-separated. */
export const methodList = () => Type.Optional(Type.String({ maxLength: 100 }));

/** A capture's `methods`. */
export const methodsArray = () => Type.Optional(Type.Array(Type.String({ maxLength: 16 }), { maxItems: 10 }));

/** `bodies`: true keeps text bodies, "sizes" only their byte counts. */
export const bodyMode = () => Type.Optional(Type.Union([Type.Boolean(), Type.Literal('sizes')]));

/** What a stub answers, in the renderer and the main process alike: a response, or a network error. */
export const stubAnswerParams = () => ({
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  headers: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 4000 }))),
  body: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  abort: Type.Optional(Type.String({ maxLength: 32 })),
  times: Type.Optional(Type.Integer({ minimum: 1 })),
});

/** An aborted request has neither a body nor a status. */
export const STUB_ANSWER_RULES: ArgumentRule[] = [{ atMostOne: ['abort', 'body'] }, { atMostOne: ['abort', 'status'] }];

/** A read of recorded events: from a cursor, at most `limit`, waiting `timeoutMs` for a first one. */
export const eventReadParams = () => ({
  cursor: Params.cursor(),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  timeoutMs: Params.timeoutMs(),
});

/** Content types whose bodies are kept as text by default. */
export const TEXT_TYPES = ['json', 'text', 'xml', 'javascript', 'x-www-form-urlencoded'];

export const BODY_NOTE =
  "`bodies: true` keeps request and response bodies whose content-type contains one of `bodyTypes` (default json, text, xml, javascript, x-www-form-urlencoded), cut at `maxBodyBytes` characters (default 4096, at most the operator's plugin config `maxBodyBytes`, default 65536, up to 1 MiB); " +
  '`bodies: "sizes"` keeps only reqBodyBytes and resBodyBytes, of every content type, never the content.';

/**
 * The patterns of a `url` argument; one of only spaces is refused, since no pattern would mean
 * "every URL" (an empty matcher must never widen a stub or a filter).
 */
export function patternsOrThrow(url: string | undefined): string[] | undefined {
  if (url === undefined) return undefined;
  const patterns = patternList(url);
  if (patterns.length === 0) {
    throw new ToolError('BAD_ARGUMENT', 'url holds no pattern, only spaces; give a glob or substring (several separated by spaces).', {
      details: { param: 'url' },
    });
  }
  return patterns;
}
