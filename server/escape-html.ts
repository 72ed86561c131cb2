/**
 * Text made safe for HTML text and quoted attribute values alike (`& < > " '` as numeric references), for the
 * markup the server writes itself: error pages, the dev overlay, block fields and page headers.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
