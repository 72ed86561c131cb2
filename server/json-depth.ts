/**
 * Whether a parsed JSON value nests deeper than `max` levels (`{}` and `[]` are one level), to cap
 * free-form documents. Iterative, so a hostile body of thousands of `[` cannot overflow the call stack.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
