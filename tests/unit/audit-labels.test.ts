import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditActionText, auditTargetText } from '~/lib/rules/audit';
import { CATALOGUE_KINDS } from '~/lib/rules/admin-content';

function* sources(dir: string): Generator<string> {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

/**
 * The values an expression can take: string literals, both arms of a conditional, and
 * `${kind}.verb` templates (the catalogue's, over the kinds other than shop, which its ternary
 * handles first). Anything else is reported so the test cannot silently miss a call.
 */
function leaves(e: ts.Expression, where: string): string[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isParenthesizedExpression(e)) return leaves(e.expression, where);
  if (ts.isConditionalExpression(e)) return [...leaves(e.whenTrue, where), ...leaves(e.whenFalse, where)];
  if (ts.isTemplateExpression(e) && e.templateSpans.length === 1 && e.head.text === '' && e.templateSpans[0]!.literal.text.startsWith('.'))
    return CATALOGUE_KINDS.filter((k) => k !== 'shop').map((k) => `${k}${e.templateSpans[0]!.literal.text}`);
  throw new Error(`${where}: an audit value the test cannot read: ${e.getText()}`);
}

/** Every action and target written by an audit() call in src/server (through a helper's parameter too). */
function auditValues(): { actions: Set<string>; targets: Set<string> } {
  const actions = new Set<string>();
  const targets = new Set<string>();
  for (const file of sources('src/server')) {
    const text = readFileSync(file, 'utf8');
    if (!/\baudit\(/.test(text) || file.endsWith('server/console/audit.ts')) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    /** A shorthand `{ action }` is a parameter of the enclosing function: read the arguments of its calls in this file. */
    const viaParameter = (node: ts.Node, name: string): ts.Expression[] => {
      let fn: ts.Node | undefined = node.parent;
      while (fn && !ts.isFunctionDeclaration(fn)) fn = fn.parent;
      if (!fn || !ts.isFunctionDeclaration(fn) || !fn.name) throw new Error(`${file}: shorthand ${name} outside a named function`);
      const index = fn.parameters.findIndex((p) => p.name.getText() === name);
      const fnName = fn.name.text;
      const args: ts.Expression[] = [];
      const find = (n: ts.Node): void => {
        if (ts.isCallExpression(n) && n.expression.getText() === fnName && n.arguments[index]) args.push(n.arguments[index]);
        ts.forEachChild(n, find);
      };
      find(sf);
      return args;
    };
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && n.expression.getText() === 'audit') {
        const entry = n.arguments[2];
        if (!entry || !ts.isObjectLiteralExpression(entry)) throw new Error(`${file}: audit() without an entry object`);
        for (const p of entry.properties) {
          const key = p.name?.getText();
          if (key !== 'action' && key !== 'target') continue;
          const into = key === 'action' ? actions : targets;
          const exprs = ts.isPropertyAssignment(p) ? [p.initializer] : ts.isShorthandPropertyAssignment(p) ? viaParameter(n, key) : [];
          expect(exprs.length, `${file}: ${key} of an audit() call`).toBeGreaterThan(0);
          for (const e of exprs) for (const v of leaves(e, file)) into.add(v);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { actions, targets };
}

describe('operation log labels', () => {
  it('every action and target the server audits has a Chinese label', () => {
    const { actions, targets } = auditValues();
    // The sweep found the console's writes (a broken reader would find none and pass).
    expect(actions.size).toBeGreaterThan(60);
    expect(targets.size).toBeGreaterThan(20);
    expect([...actions].filter((a) => !(a in AUDIT_ACTION_LABELS))).toEqual([]);
    expect([...targets].filter((t) => !(t in AUDIT_TARGET_LABELS))).toEqual([]);
    // And no label is left over for an action nothing writes any more.
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((a) => !actions.has(a))).toEqual([]);
    expect(Object.keys(AUDIT_TARGET_LABELS).filter((t) => !targets.has(t))).toEqual([]);
  });

  it('labels are Chinese; an unknown old code shows as it is', () => {
    for (const label of [...Object.values(AUDIT_ACTION_LABELS), ...Object.values(AUDIT_TARGET_LABELS)])
      expect(label).toMatch(/[\u4e00-\u9fff]/);
    expect(auditActionText('application.approve')).toBe('通过入驻申请');
    expect(auditTargetText('identity_applications')).toBe('入驻申请');
    expect(auditActionText('legacy.thing')).toBe('legacy.thing');
    expect(auditActionText('toString')).toBe('toString');
  });
});
