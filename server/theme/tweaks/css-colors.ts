/**
 * What a colour tweak accepts: a CSS colour as the Style Editor writes one (`#222`, `#1b1b1bcc`,
 * `rgba(34,34,34,1)`, `hsl(200 50% 40%)`) or one of CSS's named colours, and whether it is see-through (for
 * `disableTransparency`). A value goes into the LESS the site compiles, so nothing else gets through.
 */

/** CSS Color Module Level 4 named colours, and `transparent`. */
const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
    'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
    'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
    'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
    'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen ' +
    'lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke ' +
    'yellow yellowgreen transparent'
  ).split(' '),
);

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
/** `rgb(…)`, `rgba(…)`, `hsl(…)`, `hsla(…)`: three numbers (degrees or percentages allowed), then an optional alpha. */
const FUNCTION = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*(${NUMBER}(?:deg|%)?)\s*[,\s]\s*(${NUMBER}%?)\s*[,\s]\s*(${NUMBER}%?)\s*(?:[,/]\s*(${NUMBER}%?)\s*)?\)$`,
  'i',
);

/** Whether `text` is a CSS colour the tweak may hold. */
export function isCssColor(text: string): boolean {
  return HEX.test(text) || FUNCTION.test(text) || NAMED.has(text.toLowerCase());
}

/** Whether a colour (one `isCssColor` accepts) lets what is behind it show through. */
export function isSeeThrough(text: string): boolean {
  if (text.toLowerCase() === 'transparent') return true;
  const hex = HEX.exec(text)?.[1];
  if (hex !== undefined) {
    const lower = hex.toLowerCase();
    return (lower.length === 4 && !lower.endsWith('f')) || (lower.length === 8 && !lower.endsWith('ff'));
  }
  const alpha = FUNCTION.exec(text)?.[5];
  if (alpha === undefined) return false;
  return alpha.endsWith('%') ? parseFloat(alpha) < 100 : parseFloat(alpha) < 1;
}
