/**
 * JSON text that may stand inside an HTML `<script type="application/json">` element: every `<` written
 * as `\u003c`, which is the same JSON, so nothing in it (a post's `</script>`) can end the element.
 */
export const jsonInHtml = (json: string): string => json.replace(/</g, '\\u003c');
