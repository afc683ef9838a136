import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/*
 * The rich text editor of a post (Mantine's tiptap editor). Heavy (~100 KB): the create and edit
 * pages load it lazily (post-editor-field.tsx), so that the rest of the form shows at once.
 */

/** The French names of the toolbar's controls and of the link editor. */
const labels: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Gras',
  italicControlLabel: 'Italique',
  underlineControlLabel: 'Souligné',
  strikeControlLabel: 'Barré',
  clearFormattingControlLabel: 'Effacer la mise en forme',
  linkControlLabel: 'Insérer un lien',
  unlinkControlLabel: 'Retirer le lien',
  bulletListControlLabel: 'Liste à puces',
  orderedListControlLabel: 'Liste numérotée',
  h2ControlLabel: 'Titre',
  h3ControlLabel: 'Sous-titre',
  blockquoteControlLabel: 'Citation',
  codeControlLabel: 'Code',
  codeBlockControlLabel: 'Bloc de code',
  undoControlLabel: 'Annuler',
  redoControlLabel: 'Rétablir',
  linkEditorInputLabel: 'Adresse du lien',
  linkEditorInputPlaceholder: 'https://exemple.fr/',
  linkEditorExternalLink: 'Le lien s’ouvre dans un nouvel onglet',
  linkEditorInternalLink: 'Le lien s’ouvre dans le même onglet',
  linkEditorSave: 'Enregistrer',
};

export interface PostEditorProps {
  /** The HTML the editor starts from (a saved post, a restored draft); later changes come from the editor. */
  initialContent: string;
  onChange: (html: string) => void;
  error?: string | null;
  label?: string;
}

/** An empty document as the editor writes it: nothing to save. */
export const isEmptyHtml = (html: string) => html.replace(/<[^>]*>/g, '').trim() === '';

export function PostEditor({ initialContent, onChange, error, label = 'Contenu' }: PostEditorProps) {
  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), Link],
    content: initialContent,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(isEmptyHtml(current.getHTML()) ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper label={label} error={error} required>
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-offset, 0px)">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Code />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
