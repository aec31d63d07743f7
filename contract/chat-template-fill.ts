/**
 * The variables a chat template may hold and how they are filled. Both programs fill templates:
 * the PWA's preview and "copy for a creator", and the browser extension's outreach message.
 */

/** The variables a chat template may hold. */
export const TEMPLATE_VARS = ['creator_name', 'product_id', 'seller_name'] as const;
export type TemplateVar = (typeof TEMPLATE_VARS)[number];
export type TemplateValues = Partial<Record<TemplateVar, string>>;

/**
 * Fills {creator_name}, {product_id} and {seller_name}. A variable without a value stays as
 * written, so the preview shows what is still missing; other braces are left alone.
 */
export function fillTemplate(content: string, values: TemplateValues): string {
  return content.replace(/\{(creator_name|product_id|seller_name)\}/g, (whole, name: TemplateVar) => {
    const v = values[name];
    return v ? v : whole;
  });
}

/** The variables a template uses, in order of first use. */
export function usedVars(content: string): TemplateVar[] {
  const out: TemplateVar[] = [];
  for (const match of content.matchAll(/\{(creator_name|product_id|seller_name)\}/g)) {
    const v = match[1] as TemplateVar;
    if (!out.includes(v)) out.push(v);
  }
  return out;
}
