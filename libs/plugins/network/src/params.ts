import { Type } from '@stagewright/sdk';

/** Parameters the renderer and main-process tools share, so one word means one thing in both. */
const pattern = () => Type.String({ maxLength: 2000 });

/** `url`: one pattern or several (any matches). */
export const urlPatterns = (required = false) => {
  const schema = Type.Union([Type.String({ minLength: 1, maxLength: 2000 }), Type.Array(pattern(), { minItems: 1, maxItems: 20 })], {
    description: 'URL glob or substring, or a list',
  });
  return required ? schema : Type.Optional(schema);
};

/** `methods` of a capture, `method` of a stub: one HTTP method or several. */
export const methodList = () => Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Array(Type.String({ maxLength: 16 }), { maxItems: 10 })]));

/** `bodies`: true keeps text bodies, "sizes" only their byte counts. */
export const bodyMode = () => Type.Optional(Type.Union([Type.Boolean(), Type.Literal('sizes')]));

/** Content types whose bodies are kept as text by default. */
export const TEXT_TYPES = ['json', 'text', 'xml', 'javascript', 'x-www-form-urlencoded'];

export const BODY_NOTE =
  '`bodies: true` keeps request and response bodies whose content-type contains one of `bodyTypes` (default json, text, xml, javascript, x-www-form-urlencoded), cut at `maxBodyBytes` characters (default 4096, at most the operator\'s plugin config `maxBodyBytes`, default 65536, up to 1 MiB); ' +
  '`bodies: "sizes"` keeps only reqBodyBytes and resBodyBytes, of every content type, never the content.';
