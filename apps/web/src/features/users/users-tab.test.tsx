import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type OrgUser } from '@shipdesk/contract';
import { initialUserData } from '@/lib/state/user-data-slice';
import { mockFetch, renderWithStore, type RecordedRequest } from '@/lib/testing/render-with-store';
import { UsersTab } from './users-tab';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

const ME: OrgUser = {
  id: 'u-admin',
  email: 'ada@example.com',
  name: 'Ada Admin',
  roleId: Role.Admin,
  status: 'active',
  lastLoginAt: '2025-03-01T15:04:05.000Z',
  invitedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const MANAGER: OrgUser = {
  ...ME,
  id: 'u-manager',
  email: 'max@example.com',
  name: 'Max Manager',
  roleId: Role.Manager,
};
const INVITED: OrgUser = {
  ...ME,
  id: 'u-invited',
  email: 'ivy@example.com',
  name: null,
  roleId: Role.Manager,
  status: 'invited',
  lastLoginAt: null,
  invitedAt: '2025-03-02T12:00:00.000Z',
};
const GONE: OrgUser = { ...MANAGER, id: 'u-gone', email: 'gus@example.com', name: 'Gus Gone', status: 'deactivated' };

type Reply = (request: RecordedRequest) => Response;
const json = (body: unknown, status = 200) => Response.json(body, { status });
const ok = (data: unknown, status = 200) => json({ code: status, success: true, data }, status);
const refused = (status: number, message: string, errors?: Record<string, string>) =>
  json({ code: status, success: false, message, ...(errors ? { errors } : {}) }, status);

let requests: RecordedRequest[];
let listReply: Reply;
let inviteReply: Reply;
let updateReply: Reply;

beforeEach(() => {
  listReply = () => ok({ users: [ME, MANAGER, INVITED, GONE] });
  inviteReply = (request) => {
    const body = request.body as { email: string; roleId: number };
    return ok({ user: { ...INVITED, email: body.email, roleId: body.roleId }, resent: false }, 201);
  };
  updateReply = (request) => {
    const id = request.url.split('/').pop();
    const user = [ME, MANAGER, INVITED, GONE].find((u) => u.id === id)!;
    return ok({ user: { ...user, ...(request.body as object) } });
  };
  requests = mockFetch((request) => {
    if (request.url === '/call/users' && request.method === 'GET') return listReply(request);
    if (request.url === '/call/users' && request.method === 'POST') return inviteReply(request);
    if (request.url.startsWith('/call/users/') && request.method === 'PUT') return updateReply(request);
    return refused(404, 'Not Found');
  });
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

function renderTab(roleId: number = Role.Admin) {
  return renderWithStore(<UsersTab />, { userData: { ...initialUserData, ID: ME.id, user_role_id: roleId } });
}

/** The table once its rows are in: it is there, busy with placeholder rows, while the list loads. */
async function usersShown() {
  await screen.findByText('Ada Admin');
  return screen.getByRole('table', { name: 'Users' });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const listCalls = () => requests.filter((r) => r.method === 'GET' && r.url === '/call/users').length;

describe('UsersTab', () => {
  it('shows a Manager the users read-only: no invite, no role choice, no actions', async () => {
    renderTab(Role.Manager);
    await usersShown();
    expect(within(rowOf('Max Manager')).getByText('Manager')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(screen.getByText(/Only Admins invite people or change their access/)).toBeInTheDocument();
    expect(listCalls()).toBe(1);
  });

  it("lists the organisation's users with role, status and last sign-in", async () => {
    renderTab();
    const table = await usersShown();
    expect(within(rowOf('Ada Admin')).getByText('(you)')).toBeInTheDocument();
    expect(within(rowOf('Ada Admin')).getByText('2025-03-01 10:04:05')).toBeInTheDocument();
    expect(within(rowOf('Ada Admin')).getByRole('combobox', { name: 'Role of Ada Admin' })).toHaveTextContent('Admin');
    expect(within(rowOf('Max Manager')).getByRole('combobox', { name: 'Role of Max Manager' })).toHaveTextContent(
      'Manager',
    );
    const invited = rowOf('ivy@example.com');
    expect(within(invited).getByText('Not yet accepted')).toBeInTheDocument();
    expect(within(invited).getByLabelText('Status of ivy@example.com: Invited')).toBeInTheDocument();
    expect(within(invited).getByText('Never')).toBeInTheDocument();
    expect(within(invited).getByRole('button', { name: 'Resend invitation to ivy@example.com' })).toBeInTheDocument();
    expect(within(rowOf('Gus Gone')).getByRole('button', { name: 'Reactivate Gus Gone' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  it('changes a role after a confirmation, and not when cancelled', async () => {
    const user = userEvent.setup();
    renderTab();
    await usersShown();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Max Manager' }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Max Manager an Admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(await screen.findByRole('combobox', { name: 'Role of Max Manager' }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Max Manager is now an Admin.'));
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/call/users/u-manager',
      body: { roleId: Role.Admin },
    });
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it('keeps the only active Admin from stepping down or deactivating, and says why', async () => {
    renderTab();
    await usersShown();
    const role = screen.getByRole('combobox', { name: 'Role of Ada Admin' });
    expect(role).toHaveAttribute('aria-disabled', 'true');
    const deactivate = screen.getByRole('button', { name: 'Deactivate Ada Admin' });
    expect(deactivate).toBeDisabled();
    expect(deactivate).toHaveAccessibleDescription(/The only active Admin: make someone else an Admin/);
    expect(screen.getByRole('button', { name: 'Deactivate Max Manager' })).toBeEnabled();
  });

  it("shows the server's refusal when the last Admin steps down meanwhile, and says what stepping down does", async () => {
    const user = userEvent.setup();
    const other: OrgUser = { ...ME, id: 'u-other', email: 'otto@example.com', name: 'Otto Admin' };
    listReply = () => ok({ users: [ME, other, MANAGER] });
    updateReply = () =>
      refused(409, 'The organisation needs at least one active Admin.', {
        roleId: 'The organisation needs at least one active Admin. Make someone else an Admin first.',
      });
    renderTab();
    await usersShown();
    await user.click(await screen.findByRole('combobox', { name: 'Role of Ada Admin' }));
    await user.click(screen.getByRole('option', { name: 'Manager' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('only another Admin can make you an Admin again');
    await user.click(screen.getByRole('button', { name: 'Make Manager' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'The organisation needs at least one active Admin. Make someone else an Admin first.',
      ),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(listCalls()).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Deactivate Ada Admin' }));
    expect(screen.getByRole('dialog', { name: 'Deactivate Ada Admin?' })).toHaveTextContent(
      'Only another Admin can reactivate you.',
    );
  });

  it('deactivates and reactivates behind confirmations', async () => {
    const user = userEvent.setup();
    renderTab();
    await usersShown();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Max Manager' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Max Manager?' });
    expect(dialog).toHaveTextContent('can no longer sign in');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Max Manager was deactivated.'));
    expect(requests.filter((r) => r.method === 'PUT').at(-1)).toMatchObject({
      url: '/call/users/u-manager',
      body: { status: 'deactivated' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Reactivate Gus Gone' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Gus Gone was reactivated.'));
    expect(requests.filter((r) => r.method === 'PUT').at(-1)).toMatchObject({
      url: '/call/users/u-gone',
      body: { status: 'active' },
    });
  });

  it('resends an invitation to a user who has not accepted yet', async () => {
    const user = userEvent.setup();
    inviteReply = () => ok({ user: INVITED, resent: true });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to ivy@example.com' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Invitation sent again to ivy@example.com.'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'ivy@example.com', roleId: Role.Manager });
  });

  it('invites by e-mail with a role, checking the address first and showing the server errors on the field', async () => {
    const user = userEvent.setup();
    renderTab();
    await usersShown();
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a user' });
    const email = within(dialog).getByRole('textbox', { name: /e-mail/i });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(email).toHaveAccessibleDescription('Enter the e-mail address to invite');
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    inviteReply = () =>
      refused(409, 'This e-mail address already has a Shipdesk account.', {
        email: 'This e-mail address already has a Shipdesk account.',
      });
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('This e-mail address already has a Shipdesk account.'),
    );

    inviteReply = (request) => ok({ user: { ...INVITED, ...(request.body as object) }, resent: false }, 201);
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: /role/i }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Invitation sent to new@example.com.'));
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      email: 'new@example.com',
      roleId: Role.Admin,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it('shows a failed list with a retry that recovers', async () => {
    const user = userEvent.setup();
    listReply = () => refused(502, 'The user service cannot be reached');
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('The user service cannot be reached');
    listReply = () => ok({ users: [ME] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
  });

  it('falls back to the Admins-only note when the server says the caller is no longer an Admin', async () => {
    listReply = () => refused(403, 'Only Admins manage users.');
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Only Admins manage users' })).toBeInTheDocument();
  });

  it('offers the invitation when there is nobody to list', async () => {
    listReply = () => ok({ users: [] });
    renderTab();
    expect(await screen.findByRole('heading', { name: 'No users yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invite user' }).length).toBeGreaterThan(0);
  });
});
