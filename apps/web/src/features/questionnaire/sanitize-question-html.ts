import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'ul', 'ol', 'li', 'span'];

/**
 * Question text as safe HTML (design §7): only simple formatting tags survive, with no
 * attributes, so a `<script>` or `onerror=` in the catalogue never runs. A plain line break
 * in the text becomes `<br>` so it shows as one (requirements §3).
 */
export function sanitizeQuestionHtml(html: string): string {
  return DOMPurify.sanitize(html.replace(/\r?\n/g, '<br>'), {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [],
  });
}
