/**
 * The admin's stylesheet, inlined in its shell (shell.ts): one small sheet for every screen, readable at 390 px
 * (tables scroll inside their box, forms stack), with a visible focus ring and colours that pass WCAG AA.
 */
export const ADMIN_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#fff}
a{color:#0b57d0}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem;z-index:2}
.skip:focus{left:.5rem}
header.bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.5rem 1rem;border-bottom:1px solid #ccc}
header.bar p{margin:0;font-weight:600}
nav.screens ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
nav.screens a[aria-current="page"]{font-weight:700;text-decoration-thickness:3px}
main{max-width:68rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
/* a screen's heading takes focus when it opens (for screen readers); it is no control, so it shows no ring */
h1[tabindex="-1"]:focus{outline:none}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
button,.button{font:inherit;display:inline-block;padding:.4rem 1rem;border:1px solid #0b57d0;border-radius:4px;background:#0b57d0;color:#fff;cursor:pointer;text-decoration:none}
button.quiet,.button.quiet{background:#fff;color:#0b57d0}
button.danger{background:#fff;color:#a4161a;border-color:#a4161a}
button[disabled],button[aria-disabled="true"]{opacity:.6;cursor:default}
td .row{margin:0;gap:.25rem;flex-wrap:nowrap}
input,select,textarea{font:inherit;padding:.3rem .4rem;border:1px solid #6b6b6b;border-radius:4px;max-width:100%}
textarea{width:100%;min-height:5rem}
label{display:block;margin:.5rem 0 .2rem}
label.inline{display:inline-flex;gap:.3rem;align-items:center;margin:0 1rem 0 0}
fieldset{border:1px solid #ccc;border-radius:4px;margin:0 0 .75rem;padding:.5rem .75rem}
.row{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end;margin:0 0 1rem}
.row > *{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}
.message{border-left:4px solid #a4161a;background:#fdf2f1;padding:.5rem .75rem}
.notice{border-left:4px solid #1e6b34;background:#eef7f0;padding:.5rem .75rem}
.status{color:#4a4a4a}
.field-error{color:#a4161a;margin:.2rem 0 0}
.scroll{overflow:auto;border:1px solid #ddd;border-radius:4px}
table{border-collapse:collapse;width:100%;font-size:.95rem}
caption{text-align:left;font-weight:600;padding:.25rem .5rem}
th,td{padding:.35rem .5rem;border-bottom:1px solid #e4e4e4;text-align:left;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;overflow-wrap:anywhere}
dl.answers dd{white-space:pre-line}
img.picture{display:block;height:auto;max-width:150px;border:1px solid #ddd;border-radius:4px;margin-bottom:.5rem}
ol.submissions{list-style:none;padding:0;margin:0}
ul.labels{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:0 0 .5rem}
ul.labels>li{border:1px solid #ccc;border-radius:4px;padding:.1rem .1rem .1rem .5rem}
ul.labels button{padding:.1rem .5rem}
tr[draggable="true"]{cursor:move}
tr.dragged{opacity:.5}
ul.links{list-style:none;padding:0;margin:0}
ul.links>li{border-top:1px solid #e4e4e4;padding:.5rem 0}
ul.links p{margin:.2rem 0 0}
ol.submissions>li{border-top:1px solid #e4e4e4;padding:.25rem 0 .75rem}
ol.submissions h2{font-size:1rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.boot{color:#4a4a4a}
`;
