import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, Input, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import {
  GUIDE_WEEKDAYS,
  SUBSTITUTIONS,
  SUGGESTED_SECTION_NAME,
  useSaveOrderGuide,
  type OrderGuide,
} from './api';
import { AddProducts } from './add-products';
import {
  bodyOf,
  changeItem,
  draftOf,
  draftProblems,
  draftSignature,
  GENERAL,
  insertItem,
  itemMessages,
  moveItem,
  moveItemTo,
  newSection,
  parMessages,
  parProblem,
  removeItem,
  removeSection,
  renameSection,
  restoreItem,
  restoreSection,
  serverProblems,
  SUBSTITUTION_LABELS,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT,
  type DraftItem,
  type DraftSection,
  type Problems,
} from './guide-model';

/**
 * Edit mode: the whole guide as a draft (sections, their order, each item's pars and
 * substitution), saved at once with PUT. A removal offers Undo; leaving with changes not saved
 * asks first.
 */
export function GuideEditor({ guide, onClose }: { guide: OrderGuide; onClose: () => void }) {
  const [draft, setDraft] = useState<DraftSection[]>(() => draftOf(guide));
  const [opened] = useState(() => draftSignature(draft));
  const [problems, setProblems] = useState<Problems>({});
  const [leaving, setLeaving] = useState(false);
  const [focusSection, setFocusSection] = useState<string | null>(null);
  const save = useSaveOrderGuide();
  const dirty = draftSignature(draft) !== opened;

  // A reload or closing the tab with changes not saved asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const onCancel = () => (dirty ? setLeaving(true) : onClose());

  const onSave = () => {
    if (save.isPending) return;
    const found = draftProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      toast({ title: 'Guide not saved', description: 'Check the fields marked in red.' });
      return;
    }
    const sent = draft;
    save.mutate(bodyOf(sent), {
      onSuccess: () => {
        toast({ title: 'Order guide saved' });
        onClose();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.body?.fields : undefined;
        if (fields) setProblems(serverProblems(fields, sent));
        toast({
          title: 'Guide not saved',
          description:
            error instanceof ApiError
              ? error.userMessage('Please try again.')
              : 'Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  const onRemoveItem = (item: DraftItem) => {
    const { draft: next, removed } = removeItem(draft, item.key);
    setDraft(next);
    if (!removed) return;
    toast({
      title: `${item.product.name} removed`,
      description: 'Not saved yet.',
      action: {
        label: 'Undo',
        onClick: () => setDraft((current) => restoreItem(current, removed)),
      },
    });
  };

  const onRemoveSection = (section: DraftSection) => {
    const { draft: next, removed } = removeSection(draft, section.key);
    setDraft(next);
    if (!removed) return;
    toast({
      title: `Section ${section.name.trim() || '(no name)'} removed`,
      description:
        section.items.length > 0
          ? `With ${section.items.length === 1 ? 'its item' : `its ${section.items.length} items`}. Not saved yet.`
          : 'Not saved yet.',
      action: {
        label: 'Undo',
        onClick: () => setDraft((current) => restoreSection(current, removed)),
      },
    });
  };

  const onAddSection = () => {
    const section = newSection();
    setDraft((current) => [...current, section]);
    setFocusSection(section.key);
  };

  const inGuide = useMemo(
    () =>
      new Set(
        draft.flatMap((section) => section.items.map((item) => `${item.productId}:${item.packId}`)),
      ),
    [draft],
  );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Edit guide</h2>
          <p className="text-sm text-stone-600">
            Pars are counted in each item's pack, for a delivery on that weekday.
          </p>
        </div>
      </div>
      {problems[GENERAL] ? (
        <p role="alert" className="rounded-md bg-destructive-soft px-3 py-2 text-sm text-red-900">
          {problems[GENERAL]}
        </p>
      ) : null}

      <AddProducts
        sections={draft}
        inGuide={inGuide}
        onAdd={(item, sectionKey) =>
          setDraft((current) => {
            if (current.some((section) => section.key === sectionKey)) {
              return insertItem(current, sectionKey, item, Number.MAX_SAFE_INTEGER);
            }
            return [...current, { ...newSection(SUGGESTED_SECTION_NAME), items: [item] }];
          })
        }
      />

      {draft.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-sm text-stone-600">
          No sections yet. Add one, or add products above: a section is made for them.
        </p>
      ) : null}
      {draft.map((section, index) => (
        <SectionEditor
          key={section.key}
          section={section}
          sections={draft}
          first={index === 0}
          last={index === draft.length - 1}
          problems={problems}
          autoFocus={focusSection === section.key}
          onRename={(name) => setDraft((current) => renameSection(current, section.key, name))}
          onRemove={() => onRemoveSection(section)}
          onRemoveItem={onRemoveItem}
          onMoveItem={(item, step) => setDraft((current) => moveItem(current, item.key, step))}
          onMoveItemTo={(item, sectionKey) =>
            setDraft((current) => moveItemTo(current, item.key, sectionKey))
          }
          onChangeItem={(item, change) =>
            setDraft((current) => changeItem(current, item.key, change))
          }
        />
      ))}
      <Button variant="outline" className="self-start" onClick={onAddSection}>
        <Plus aria-hidden="true" /> Add section
      </Button>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <p className="mr-auto text-sm text-stone-600" aria-live="polite">
          {dirty ? 'Changes not saved' : 'No changes'}
        </p>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button writes size="lg" disabled={save.isPending} onClick={onSave}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>

      <ConfirmDialog
        open={leaving}
        title="Leave without saving?"
        description="Your changes to the guide are not saved and will be lost."
        keepLabel="Keep editing"
        confirmLabel="Discard changes"
        pendingLabel="Discarding..."
        destructive
        pending={false}
        onCancel={() => setLeaving(false)}
        onConfirm={() => {
          setLeaving(false);
          onClose();
        }}
      />
    </div>
  );
}

function SectionEditor({
  section,
  sections,
  first,
  last,
  problems,
  autoFocus,
  onRename,
  onRemove,
  onRemoveItem,
  onMoveItem,
  onMoveItemTo,
  onChangeItem,
}: {
  section: DraftSection;
  sections: readonly DraftSection[];
  first: boolean;
  last: boolean;
  problems: Problems;
  autoFocus: boolean;
  onRename: (name: string) => void;
  onRemove: () => void;
  onRemoveItem: (item: DraftItem) => void;
  onMoveItem: (item: DraftItem, step: -1 | 1) => void;
  onMoveItemTo: (item: DraftItem, sectionKey: string) => void;
  onChangeItem: (item: DraftItem, change: (item: DraftItem) => DraftItem) => void;
}) {
  const name = section.name.trim() || 'New section';
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) nameInput.current?.focus();
  }, [autoFocus]);
  return (
    <section
      aria-label={`Section ${name}`}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:p-4"
    >
      <div className="flex items-end gap-2">
        <Field
          label="Section name"
          error={problems[`${section.key}:name`] ?? problems[section.key]}
          className="min-w-0 flex-1"
        >
          {(ids) => (
            <Input
              {...ids}
              ref={nameInput}
              value={section.name}
              maxLength={80}
              onChange={(event) => onRename(event.target.value)}
            />
          )}
        </Field>
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive"
          aria-label={`Remove section ${name}`}
          onClick={onRemove}
        >
          <Trash2 />
        </Button>
      </div>
      {section.items.length === 0 ? (
        <p className="text-sm text-stone-600">No items: add products below, or move items here.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100">
          {section.items.map((item, index) => (
            <ItemEditor
              key={item.key}
              item={item}
              section={section}
              sections={sections}
              canMoveUp={!(first && index === 0)}
              canMoveDown={!(last && index === section.items.length - 1)}
              problems={problems}
              onRemove={() => onRemoveItem(item)}
              onMove={(step) => onMoveItem(item, step)}
              onMoveTo={(key) => onMoveItemTo(item, key)}
              onChange={(change) => onChangeItem(item, change)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ItemEditor({
  item,
  section,
  sections,
  canMoveUp,
  canMoveDown,
  problems,
  onRemove,
  onMove,
  onMoveTo,
  onChange,
}: {
  item: DraftItem;
  section: DraftSection;
  sections: readonly DraftSection[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  problems: Problems;
  onRemove: () => void;
  onMove: (step: -1 | 1) => void;
  onMoveTo: (sectionKey: string) => void;
  onChange: (change: (item: DraftItem) => DraftItem) => void;
}) {
  const name = item.product.name;
  const messages = itemMessages(problems, item);
  const parErrors = parMessages(problems, item);
  const substitutionError = problems[`${item.key}:substitution`];
  return (
    <li className="flex flex-col gap-3 py-3">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-40">
          <p className="font-medium break-words">
            {name}
            {item.product.available ? null : (
              <Badge variant="warning" className="ml-2 align-middle normal-case">
                Not on offer now
              </Badge>
            )}
          </p>
          <p className="text-sm break-words text-stone-600">
            {item.product.farm.name} · {item.pack.label}
          </p>
          {messages.map((message) => (
            <p key={message} role="alert" className="text-sm text-destructive">
              {message}
            </p>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} up`}
            disabled={!canMoveUp}
            onClick={() => onMove(-1)}
          >
            <ArrowUp />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} down`}
            disabled={!canMoveDown}
            onClick={() => onMove(1)}
          >
            <ArrowDown />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:gap-4">
        <fieldset className="min-w-0 lg:w-md lg:shrink-0">
          <legend className="mb-1 text-sm font-medium text-stone-800">
            Par in {item.pack.label} <span className="sr-only">of {name}</span>
          </legend>
          <div className="grid grid-cols-7 gap-1 sm:max-w-md sm:gap-2 lg:max-w-none">
            {GUIDE_WEEKDAYS.map((day) => {
              const invalid = problems[`${item.key}:pars.${day}`] !== undefined;
              return (
                <label key={day} className="flex min-w-0 flex-col items-center gap-0.5 text-xs">
                  <span aria-hidden="true" className="text-stone-600">
                    {WEEKDAY_SHORT[day]}
                  </span>
                  <input
                    type="text"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    autoComplete="off"
                    aria-label={`${WEEKDAY_NAMES[day]} par of ${name}`}
                    aria-invalid={invalid || parProblem(item.pars[day]) !== null}
                    value={item.pars[day]}
                    onChange={(event) => {
                      const value = event.target.value;
                      onChange((current) => ({
                        ...current,
                        pars: { ...current.pars, [day]: value },
                      }));
                    }}
                    onFocus={(event) => event.target.select()}
                    className={cn(
                      'tabular h-11 w-full min-w-0 rounded-md border border-stone-300 bg-white px-1 text-center text-base sm:text-sm',
                      'focus-visible:outline-2 focus-visible:outline-primary aria-invalid:border-destructive',
                    )}
                  />
                </label>
              );
            })}
          </div>
          {parErrors.map((message) => (
            <p key={message} role="alert" className="mt-1 text-sm text-destructive">
              {message}
            </p>
          ))}
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2 lg:min-w-0 lg:flex-1">
          <Field
            label={
              <>
                Substitution <span className="sr-only">for {name}</span>
              </>
            }
            error={substitutionError}
          >
            {(ids) => (
              <Select
                {...ids}
                value={item.substitution}
                onChange={(event) => {
                  const value = event.target.value as DraftItem['substitution'];
                  onChange((current) => ({ ...current, substitution: value }));
                }}
              >
                {SUBSTITUTIONS.map((choice) => (
                  <option key={choice} value={choice}>
                    {SUBSTITUTION_LABELS[choice]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {sections.length > 1 ? (
            <Field
              label={
                <>
                  Section <span className="sr-only">of {name}</span>
                </>
              }
            >
              {(ids) => (
                <Select
                  {...ids}
                  value={section.key}
                  onChange={(event) => onMoveTo(event.target.value)}
                >
                  {sections.map((choice) => (
                    <option key={choice.key} value={choice.key}>
                      {choice.name.trim() || 'New section'}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
        </div>
      </div>
    </li>
  );
}
