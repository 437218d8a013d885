import Box from '@mui/material/Box';
import { MergeView } from '@codemirror/merge';
import { yaml } from '@codemirror/lang-yaml';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

/**
 * Two texts of one file side by side with their differences marked (requirements K-06): the
 * person's own on the left, the saved one on the right. Both read only: the page's buttons
 * decide which one goes on.
 */
export function SideBySide({
  mine,
  theirs,
  mineLabel,
  theirsLabel,
  label,
}: {
  mine: string;
  theirs: string;
  mineLabel: string;
  theirsLabel: string;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const side = (doc: string, name: string) => ({
      doc,
      extensions: [
        basicSetup,
        yaml(),
        EditorState.readOnly.of(true),
        EditorView.editable.of(false),
        EditorView.contentAttributes.of({ 'aria-label': name }),
      ],
    });
    const view = new MergeView({
      a: side(mine, mineLabel),
      b: side(theirs, theirsLabel),
      parent: host.current!,
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    return () => view.destroy();
  }, [mine, theirs, mineLabel, theirsLabel]);
  return (
    <Box
      role="group"
      aria-label={label}
      ref={host}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        maxHeight: '60vh',
        overflow: 'auto',
        fontSize: 13,
      }}
    />
  );
}
