import { screen, waitFor, within } from '@testing-library/react';
import type { Guideline } from '../../../../../../electron/shared/api';
import { exchange, FakeApi } from '../../../../../support/fakeApi';
import { renderReady } from '../../../renderApp';

/**
 * Versions in the reader: "Changed since you last read it" in the Guideline region,
 * agreeing with the library list, and Compare versions between any two kept versions, rendered
 * (changes marked in the text, untrusted markup inert) and as source.
 */

const ID = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
const V1 = '# Refunds\n\nRefund within 14 days.\n\nOld rule to drop.\n\nAsk for the order number.';
const V2 =
  '# Refunds\n\nRefund within 30 days.\n\nAsk for the order number.\n\nA new rule <script>window.pwned = 1</script> and [a link](javascript:alert(1)).';
const V3 = '# Refunds\n\nRefund within 60 days.\n\nAsk for the order number.';

function fakeServing() {
  const fake = new FakeApi();
  const served: { guideline: Guideline } = { guideline: { name: 'Refunds', description: 'How to refund.', content: V1 } };
  fake.guidelineResponder = () => ({
    ok: true,
    value: { guideline: structuredClone(served.guideline), exchange: exchange({ method: 'GET', status: 200 }) },
  });
  return { fake, served };
}

async function open(user: Awaited<ReturnType<typeof renderReady>>['user']) {
  const field = screen.getByRole('combobox', { name: 'Guideline' });
  await user.clear(field);
  await user.type(field, ID);
  await user.click(screen.getByRole('button', { name: 'Open guideline' }));
}

const reader = () => screen.getByRole('region', { name: 'Guideline' });

describe('guideline versions in the reader', () => {
  it('says the guideline changed since it was last read, as the library does, and compares the two versions rendered and as source', async () => {
    const { fake, served } = fakeServing();
    const { user } = await renderReady(fake);
    await user.click(screen.getByRole('tab', { name: 'Guidelines' }));
    await open(user);
    await within(reader()).findByText('Refund within 14 days.');
    expect(within(reader()).queryByText(/Changed since you last read it/)).toBeNull();
    expect(within(reader()).queryByRole('button', { name: 'Compare versions' })).toBeNull();

    served.guideline = { ...served.guideline, content: V2 };
    await open(user);
    expect(await within(reader()).findByText('Changed since you last read it (you read version 1; this is version 2)')).toBeInTheDocument();
    // The version on screen is read: the library no longer says it changed; the reader still says what changed since.
    const row = within(screen.getByRole('list', { name: 'Guidelines in the library' }))
      .getByRole('button', { name: 'Read Refunds' })
      .closest('li')!;
    await waitFor(() => expect(within(row).queryByText('Changed since you last read it')).toBeNull());
    expect(within(reader()).getByText('Changed since you last read it (you read version 1; this is version 2)')).toBeInTheDocument();

    await user.click(within(reader()).getByRole('button', { name: 'Compare versions' }));
    const comparison = await within(reader()).findByRole('region', { name: 'Version comparison' });
    expect(within(comparison).getByRole('combobox', { name: 'Compare' })).toHaveDisplayValue(/^Version 1,/);
    expect(within(comparison).getByRole('combobox', { name: 'with' })).toHaveDisplayValue(/^Version 2,/);
    const changed = await within(comparison).findByRole('group', { name: 'Changed' });
    expect(await within(changed).findByText('Refund within 30 days.')).toBeInTheDocument();
    expect(within(changed).getByText('14', { selector: 'del' })).toBeInTheDocument();
    expect(within(changed).getByText('30', { selector: 'ins' })).toBeInTheDocument();
    expect(await within(within(comparison).getByRole('group', { name: 'Removed' })).findByText('Old rule to drop.')).toBeInTheDocument();
    const added = within(comparison).getByRole('group', { name: 'Added' });
    await within(added).findByText(/A new rule/);
    // Untrusted markup in a version stays inert: no script element, no javascript: link.
    expect(added.querySelector('script')).toBeNull();
    expect(within(added).queryByRole('link')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();

    await user.click(within(comparison).getByRole('button', { name: 'Source' }));
    const source = within(comparison).getByLabelText('Markdown source, line by line');
    expect(within(source).getByText('Refund within 14 days.', { selector: 'del' })).toBeInTheDocument();
    expect(within(source).getByText('Refund within 30 days.', { selector: 'ins' })).toBeInTheDocument();
    expect(source.textContent).toContain('<script>window.pwned = 1</script>');
  });

  it('compares any two kept versions, picked by the person', async () => {
    const { fake, served } = fakeServing();
    const { user } = await renderReady(fake);
    await user.click(screen.getByRole('tab', { name: 'Guidelines' }));
    await open(user);
    await within(reader()).findByText('Refund within 14 days.');
    for (const content of [V2, V3]) {
      served.guideline = { ...served.guideline, content };
      await open(user);
      await within(reader()).findByText(content === V2 ? /A new rule/ : 'Refund within 60 days.');
    }
    await user.click(await within(reader()).findByRole('button', { name: 'Compare versions' }));
    const comparison = await within(reader()).findByRole('region', { name: 'Version comparison' });
    await waitFor(() => expect(within(comparison).getByRole('combobox', { name: 'with' })).toHaveDisplayValue(/^Version 3,/));
    await user.selectOptions(within(comparison).getByRole('combobox', { name: 'Compare' }), '1');
    const changed = await within(comparison).findByRole('group', { name: 'Changed' });
    await waitFor(() => expect(within(changed).getByText('14', { selector: 'del' })).toBeInTheDocument());
    expect(within(changed).getByText('60', { selector: 'ins' })).toBeInTheDocument();
  });
});
