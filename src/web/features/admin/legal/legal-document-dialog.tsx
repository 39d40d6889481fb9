import { useId, useState, type FormEvent } from 'react';
import { LEGAL_DOCUMENT_TYPES, legalDocumentSchema, type LegalDocumentType } from '../../../../contract/legal/legal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { validateForm, type FieldErrors } from '../validation';
import { documentTypeLabels, fromLocalInputValue, toLocalInputValue } from './document-types';
import { useCreateLegalDocument, useUpdateLegalDocument } from './mutations';
import type { AdminLegalDocument } from './types';

type Values = { type: LegalDocumentType; title: string; version: string; effectiveDate: string; content: string };

/**
 * What the dialog is for: a new document, or an edit of one. The edit of a
 * locked (once activated) version is saved by the server as a new draft version.
 */
export type DocumentEditorTarget = { mode: 'create' } | { mode: 'edit'; document: AdminLegalDocument };

export function LegalDocumentDialog({ target, onClose }: { target: DocumentEditorTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {/* The content unmounts when closed, so each opening starts from the target's values. */}
      <DialogContent className="sm:max-w-2xl">
        {target !== null && <DocumentForm target={target} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function initialValues(target: DocumentEditorTarget): Values {
  if (target.mode === 'create') return { type: 'tos_homeowner', title: '', version: '', effectiveDate: '', content: '' };
  const { type, title, version, effectiveDate, content, locked } = target.document;
  // A new version starts from the text it replaces; the version number and date are the administrator's to set.
  if (locked) return { type, title, version: '', effectiveDate: '', content };
  return { type, title, version, effectiveDate: toLocalInputValue(effectiveDate), content };
}

function DocumentForm({ target, onDone }: { target: DocumentEditorTarget; onDone: () => void }) {
  const create = useCreateLegalDocument();
  const update = useUpdateLegalDocument();
  const [values, setValues] = useState<Values>(() => initialValues(target));
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const contentId = useId();
  const editing = target.mode === 'edit';
  const newVersion = target.mode === 'edit' && target.document.locked;
  const pending = create.isPending || update.isPending;
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The shared rules check the form's YYYY-MM-DDTHH:MM; the request carries it as an ISO datetime in the admin's zone.
    const result = validateForm(legalDocumentSchema, values);
    const effectiveDate = fromLocalInputValue(values.effectiveDate);
    if (!result.ok || effectiveDate === null) {
      setErrors(result.ok ? { effectiveDate: 'Please select a valid date and time' } : result.errors);
      return;
    }
    setErrors({});
    const { type, title, content, version } = result.data;
    const body = { type, title, content, version, effectiveDate };
    if (target.mode === 'edit') update.mutate({ id: target.document.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>{newVersion ? 'New version' : editing ? 'Edit document' : 'New document'}</DialogTitle>
        <DialogDescription>
          {newVersion
            ? `Version ${target.document.version} has been activated, so its text stays as people accepted it. Saving creates a new draft version; activate it to publish it and ask users to accept it.`
            : editing
              ? 'This draft has never been activated, so it changes in place. Once activated, its text can no longer change.'
              : 'A new document starts as a draft. Activate it to publish it and ask users to accept it; an effective date to come schedules it.'}
        </DialogDescription>
      </DialogHeader>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField label="Type" name="type" value={values.type} error={errors.type} disabled={editing} onChange={set('type')}>
          {LEGAL_DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {documentTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Version"
          name="version"
          placeholder="e.g. 2.0"
          autoComplete="off"
          value={values.version}
          error={errors.version}
          onChange={set('version')}
        />
      </div>
      <TextField label="Title" name="title" autoComplete="off" value={values.title} error={errors.title} onChange={set('title')} />
      <TextField
        label="Effective date"
        name="effectiveDate"
        type="datetime-local"
        hint="In your own time zone."
        value={values.effectiveDate}
        error={errors.effectiveDate}
        onChange={set('effectiveDate')}
      />
      <div className="grid gap-2">
        <Label htmlFor={contentId}>Content</Label>
        <textarea
          id={contentId}
          name="content"
          rows={10}
          value={values.content}
          aria-invalid={errors.content !== undefined}
          aria-describedby={`${contentId}-message`}
          onChange={set('content')}
          className={cn(
            'min-h-48 w-full rounded-md border border-input bg-background px-3 py-2 text-base leading-6 shadow-xs md:text-sm',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
            'aria-invalid:border-destructive',
          )}
        />
        <p
          id={`${contentId}-message`}
          className={errors.content === undefined ? 'text-xs text-muted-foreground' : 'text-sm text-destructive'}
        >
          {errors.content ?? 'Plain text. Separate paragraphs with a blank line; start list items with "- " and headings with "# ".'}
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={pending}>
          {pending && <Spinner size="sm" label="Saving" className="text-current" />}
          {newVersion ? 'Save as new version' : editing ? 'Save changes' : 'Create document'}
        </Button>
      </DialogFooter>
    </form>
  );
}
