import Box from '@mui/material/Box';
import { autocompletion } from '@codemirror/autocomplete';
import { yaml, yamlLanguage } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { stateExtensions, updateSchema } from 'codemirror-json-schema';
import { yamlCompletion, yamlSchemaHover } from 'codemirror-json-schema/yaml';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/** The catalogue's JSON Schema, as the completion takes it. */
export type CatalogJsonSchema = NonNullable<Parameters<typeof stateExtensions>[0]>;

/** A problem of the edited file, at a line (1-based), from the catalogue's own check. */
export interface LineProblem {
  line: number;
  message: string;
}

/** What the page does to the editor from outside: moving the cursor to a problem's line. */
export interface YamlEditorHandle {
  goToLine: (line: number) => void;
}

/** The problems as CodeMirror diagnostics, each underlining its whole line. */
function diagnostics(state: EditorState, problems: readonly LineProblem[]): Diagnostic[] {
  const lines = state.doc.lines;
  return problems.map((problem) => {
    const line = state.doc.line(Math.min(Math.max(problem.line, 1), lines));
    return {
      from: line.from,
      to: Math.max(line.to, line.from),
      severity: 'error',
      message: problem.message,
    };
  });
}

const theme = EditorView.theme({
  '&': { fontSize: '14px', border: '1px solid rgba(0,0,0,0.23)', borderRadius: '4px' },
  '&.cm-focused': { outline: '2px solid #1565c0', outlineOffset: '1px' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    minHeight: '320px',
    maxHeight: '70vh',
  },
});

/**
 * A YAML code editor (requirements K-05): syntax, completion and hover help from the
 * catalogue's JSON Schema, and the catalogue check's problems underlined at their lines with a
 * mark in the gutter. The text belongs to the caller (`value`, `onChange`); the editor follows a
 * new value given from outside (a file switched, theirs taken) without losing its own undo.
 */
export const YamlEditor = forwardRef<
  YamlEditorHandle,
  {
    value: string;
    onChange: (text: string) => void;
    problems: readonly LineProblem[];
    schema: CatalogJsonSchema | undefined;
    label: string;
    readOnly?: boolean;
  }
>(function YamlEditor({ value, onChange, problems, schema, label, readOnly = false }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const readOnlyCompartment = useRef(new Compartment());
  const labelCompartment = useRef(new Compartment());

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          yaml(),
          lintGutter(),
          autocompletion(),
          yamlLanguage.data.of({ autocomplete: yamlCompletion() }),
          hoverTooltip(yamlSchemaHover()),
          stateExtensions(schema),
          EditorView.lineWrapping,
          theme,
          readOnlyCompartment.current.of(EditorState.readOnly.of(readOnly)),
          labelCompartment.current.of(
            EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          ),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    // The scrolling frame is reachable by keyboard too (a screen reader's scroll, axe's rule).
    editor.scrollDOM.tabIndex = 0;
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later values, schemas and labels are passed in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) {
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, diagnostics(editor.state, problems)));
  }, [problems, value]);

  useEffect(() => {
    if (view.current && schema) updateSchema(view.current, schema);
  }, [schema]);

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        readOnlyCompartment.current.reconfigure(EditorState.readOnly.of(readOnly)),
        labelCompartment.current.reconfigure(
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
        ),
      ],
    });
  }, [readOnly, label]);

  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const editor = view.current;
      if (!editor) return;
      const target = editor.state.doc.line(Math.min(Math.max(line, 1), editor.state.doc.lines));
      editor.dispatch({
        selection: EditorSelection.cursor(target.from),
        effects: EditorView.scrollIntoView(target.from, { y: 'center' }),
      });
      editor.focus();
    },
  }));

  return <Box ref={host} sx={{ width: '100%', minWidth: 0 }} data-testid="yaml-editor" />;
});
