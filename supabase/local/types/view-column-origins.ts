/**
 * Which table column each column of a view is, read from the view's rewrite rule (the text of
 * a pg_node_tree): the catalog records it nowhere else.
 */

type TreeValue = string | TreeValue[] | TreeNode;
interface TreeNode {
  type: string;
  fields: Map<string, TreeValue[]>;
}

/** Reads the text of a pg_node_tree into nodes, lists and atoms. */
function parseNodeTree(text: string): TreeValue[] {
  const tokens: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') tokens.push(current);
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') {
      // outfuncs.c escapes whitespace, parentheses, braces and backslashes inside names.
      current += text[i + 1] ?? '';
      i++;
    } else if (char === '(' || char === ')' || char === '{' || char === '}') {
      flush();
      tokens.push(char);
    } else if (/\s/.test(char)) {
      flush();
    } else {
      current += char;
    }
  }
  flush();

  let position = 0;
  const readValue = (): TreeValue => {
    const token = tokens[position++];
    if (token === '(') {
      const items: TreeValue[] = [];
      while (tokens[position] !== ')' && position < tokens.length) items.push(readValue());
      position++;
      return items;
    }
    if (token === '{') {
      const node: TreeNode = { type: tokens[position++] ?? '', fields: new Map() };
      let field = '';
      while (tokens[position] !== '}' && position < tokens.length) {
        const next = tokens[position]!;
        if (next.startsWith(':')) {
          field = next.slice(1);
          node.fields.set(field, []);
          position++;
        } else {
          node.fields.get(field)?.push(readValue());
        }
      }
      position++;
      return node;
    }
    return token ?? '';
  };
  const values: TreeValue[] = [];
  while (position < tokens.length) values.push(readValue());
  return values;
}

const isNode = (value: TreeValue | undefined): value is TreeNode =>
  typeof value === 'object' && !Array.isArray(value);

/** For each column of a view (by number), the table column its value is, if it is one. */
export function viewColumnOrigins(rule: string): Map<number, { table: number; column: number }> {
  const origins = new Map<number, { table: number; column: number }>();
  const [list] = parseNodeTree(rule);
  const query = Array.isArray(list) ? list[0] : undefined;
  if (!isNode(query)) return origins;
  // Only the view's own target list: subqueries have theirs, numbered from 1 again.
  const [targetList] = query.fields.get('targetList') ?? [];
  if (!Array.isArray(targetList)) return origins;
  for (const entry of targetList) {
    if (!isNode(entry)) continue;
    const field = (name: string) => Number(entry.fields.get(name)?.[0]);
    const table = field('resorigtbl');
    if (table > 0) origins.set(field('resno'), { table, column: field('resorigcol') });
  }
  return origins;
}
