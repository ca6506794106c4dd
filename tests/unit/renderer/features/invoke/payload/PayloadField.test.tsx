import { screen, waitFor, within } from '@testing-library/react';
import { renderReady, responseRegion } from '../../../renderApp';

const AGENT_ID = '11111111-1111-4111-8111-111111111111';

function payload() {
  return screen.getByRole('textbox', { name: 'Payload' });
}

async function setPayload(user: Awaited<ReturnType<typeof renderReady>>['user'], text: string) {
  await user.clear(payload());
  await user.click(payload());
  await user.paste(text);
}

describe('payload Format', () => {
  it('pretty-prints valid JSON exactly as typed, and is off for invalid JSON', async () => {
    const { user } = await renderReady();
    await setPayload(user, '{"n":1.50,"list":[1,2]}');
    await user.click(screen.getByRole('button', { name: 'Format' }));
    expect(payload()).toHaveValue('{\n  "n": 1.50,\n  "list": [\n    1,\n    2\n  ]\n}');

    await setPayload(user, '{"n":');
    expect(screen.getByRole('button', { name: 'Format' })).toBeDisabled();
  });
});

describe('payload table', () => {
  it('shows the JSON as typed rows, and edits in the table write the JSON back', async () => {
    const { user } = await renderReady();
    await setPayload(user, '{"customer_name": "Ada", "count": 3, "vip": true}');
    await user.click(screen.getByRole('button', { name: 'Table' }));

    const table = screen.getByRole('table', { name: 'Payload fields' });
    expect(within(table).getByRole('textbox', { name: 'Value of customer_name' })).toHaveValue('Ada');
    expect(within(table).getByRole('combobox', { name: 'Type of count' })).toHaveValue('number');
    expect(within(table).getByRole('combobox', { name: 'Value of vip' })).toHaveValue('true');

    await user.type(within(table).getByRole('textbox', { name: 'Value of customer_name' }), ' Lovelace');
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Value of vip' }), 'false');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(within(table).getByRole('textbox', { name: 'Key of row 4' }), 'note');
    await user.type(within(table).getByRole('textbox', { name: 'Value of note' }), '42');
    await user.click(within(table).getByRole('button', { name: 'Remove count' }));

    await user.click(screen.getByRole('button', { name: 'JSON' }));
    expect(payload()).toHaveValue('{\n  "customer_name": "Ada Lovelace",\n  "vip": false,\n  "note": "42"\n}');
  });

  it('refuses a number that is not a number at the cell, keeps the JSON, and sends nothing', async () => {
    const { user, fake } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'agent');
    await setPayload(user, '{"count": 3}');
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const value = screen.getByRole('textbox', { name: 'Value of count' });
    await user.type(value, 'x');

    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription(/“3x” is not a number/);
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    expect(fake.callsOf('invokeAgent')).toEqual([]);
    expect(value).toHaveFocus();

    await user.type(value, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    expect(fake.callsOf('invokeAgent')[0]).toMatchObject({ payload: { count: 3 } });
  });

  it('says why invalid JSON cannot be a table and leaves the text alone', async () => {
    const { user } = await renderReady();
    await setPayload(user, '{"a": 1,');
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('The table cannot show this payload.').parentElement).toHaveTextContent(/Invalid JSON at line 1, column 9/);
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    expect(payload()).toHaveValue('{"a": 1,');
  });
});

describe('what the form knows about the payload', () => {
  it('lists the known placeholders the payload lacks and the keys that are new', async () => {
    const { user } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await setPayload(user, '{"customer_name": "Ada", "custmer": 1}');
    expect(screen.getByText('Missing placeholders:').parentElement).toHaveTextContent(/^Missing placeholders:company$/);
    expect(screen.getByText('New keys, not known for this agent:').parentElement).toHaveTextContent(/custmer$/);

    await setPayload(user, '{"customer_name": "Ada", "company": "Acme"}');
    expect(screen.queryByText('Missing placeholders:')).toBeNull();
    expect(screen.queryByText('New keys, not known for this agent:')).toBeNull();
  });

  it('says “did you mean customer_name?” for a typo’d key, and one key press renames it, keeping the rest as typed', async () => {
    const { user } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await setPayload(user, '{\n  "customer_nme": "Ada {x}",\n  "company": "Acme"\n}');
    expect(screen.getByText(/did you mean/).closest('p')).toHaveTextContent(
      'customer_nme is not a placeholder of this agent: did you mean customer_name? Rename to customer_name',
    );
    // Listed as the likely typo, not again as a new key.
    expect(screen.queryByText('New keys, not known for this agent:')).toBeNull();

    screen.getByRole('button', { name: 'Rename to customer_name' }).focus();
    await user.keyboard('{Enter}');
    expect(payload()).toHaveValue('{\n  "customer_name": "Ada {x}",\n  "company": "Acme"\n}');
    expect(payload()).toHaveFocus();
    expect(screen.queryByText(/did you mean/)).toBeNull();
    expect(screen.queryByText('Missing placeholders:')).toBeNull();
  });

  it('warns, without blocking, about {…} in a string value', async () => {
    const { user, fake } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await setPayload(user, '{\n  "customer_name": "Hi {name}"\n}');
    const warnings = screen.getByRole('list', { name: 'Payload warnings' });
    expect(warnings).toHaveTextContent('Line 2, column 24: “Hi {name}”. The server may treat {name} as a placeholder.');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    await waitFor(() => expect(responseRegion().querySelector('.answer')).toHaveTextContent('Hello Hi {name}'));
  });
});
