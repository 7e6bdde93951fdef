import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { setAppConfig } from '@/config/app-config';
import { RegisterPage, isRegistrationExpired } from './register-page';

const SSO = 'http://sso.test';

type Reply = { status?: number; body: unknown };
let replies: Record<string, Reply[]>;
let calls: { path: string; body: unknown }[];

function reply(path: string, ...items: Reply[]) {
  replies[path] = [...(replies[path] ?? []), ...items];
}

beforeEach(() => {
  setAppConfig({
    oidcIssuer: SSO,
    oidcClientId: 'shipdesk-web',
    oidcAudience: 'https://api.shipdesk.local',
    ssoUrl: SSO,
    supportUrl: '',
    providerUrl: '',
  });
  replies = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(SSO, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = replies[path]?.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return Response.json(next.body, { status: next.status ?? 200 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown = {}) => ({ body: { code: 200, success: true, data } });
const fail = (status: number, message: string, errors?: Record<string, string>) => ({
  status,
  body: { code: status, success: false, message, ...(errors ? { errors } : {}) },
});

function renderPage(options: Parameters<typeof userEvent.setup>[0] = {}) {
  render(
    <MemoryRouter initialEntries={['/register']}>
      <RegisterPage />
    </MemoryRouter>,
  );
  return userEvent.setup(options);
}

async function passEmailStep(user: ReturnType<typeof userEvent.setup>) {
  reply('/api/register/start', ok());
  await user.type(screen.getByRole('textbox', { name: /^e-mail/i }), 'ann@example.com{Enter}');
  await screen.findByLabelText(/verification code/i);
}

async function passOtpStep(user: ReturnType<typeof userEvent.setup>) {
  reply('/api/register/verify', ok({ registrationToken: 'tok-1' }));
  await user.type(screen.getByLabelText(/verification code/i), '123456{Enter}');
  await screen.findByLabelText(/company name/i);
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, password = 'correct horse') {
  await user.type(screen.getByLabelText(/your name/i), 'Ann Smith');
  await user.type(screen.getByLabelText(/company name/i), 'Acme');
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.type(screen.getByLabelText(/confirm password/i), password);
}

describe('RegisterPage', () => {
  it('validates the e-mail before calling the SSO', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const field = screen.getByRole('textbox', { name: /^e-mail/i });
    expect(field).toHaveAccessibleDescription('E-mail is required');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.type(field, 'not-an-email{Enter}');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('walks through the three steps and ends with a Sign in button to /orders', async () => {
    const user = renderPage();
    await passEmailStep(user);
    expect(calls[0]).toEqual({ path: '/api/register/start', body: { email: 'ann@example.com' } });
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();

    await passOtpStep(user);
    expect(calls[1]).toEqual({ path: '/api/register/verify', body: { email: 'ann@example.com', otp: '123456' } });

    reply('/api/register/complete', ok({}));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    expect(calls[2]).toEqual({
      path: '/api/register/complete',
      body: { registrationToken: 'tok-1', name: 'Ann Smith', companyName: 'Acme', password: 'correct horse' },
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/orders');
  });

  it('checks the code format and shows the server error on the code field', async () => {
    const user = renderPage();
    await passEmailStep(user);
    const code = screen.getByLabelText(/verification code/i);
    await user.type(code, '12ab{Enter}');
    expect(code).toHaveAccessibleDescription('The code has 6 digits');
    expect(calls).toHaveLength(1);

    reply('/api/register/verify', fail(400, 'Invalid code', { otp: 'The code is wrong or has expired' }));
    await user.clear(code);
    await user.type(code, '000000{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is wrong or has expired'));
    expect(code).toHaveFocus();
  });

  it('resends the code after the cooldown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = renderPage({ advanceTimers: vi.advanceTimersByTime });
      await passEmailStep(user);
      expect(screen.getByRole('button', { name: /resend code \(30s\)/i })).toBeDisabled();
      for (let second = 0; second < 31; second += 1) {
        await act(() => vi.advanceTimersByTimeAsync(1000));
      }
      const resend = await screen.findByRole('button', { name: 'Resend code' });
      reply('/api/register/start', ok());
      await user.click(resend);
      expect(await screen.findByText('A new code is on its way to ann@example.com.')).toBeInTheDocument();
      expect(calls.filter((c) => c.path === '/api/register/start')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('maps a taken company name to its field and checks the password rules', async () => {
    const user = renderPage();
    await passEmailStep(user);
    await passOtpStep(user);

    await fillDetails(user, 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription('Password must be at least 10 characters');
    expect(calls).toHaveLength(2);

    await user.clear(screen.getByLabelText(/^password/i));
    await user.type(screen.getByLabelText(/^password/i), 'correct horse');
    await user.clear(screen.getByLabelText(/confirm password/i));
    await user.type(screen.getByLabelText(/confirm password/i), 'correct horsf');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText(/confirm password/i)).toHaveAccessibleDescription('The passwords do not match');

    await user.clear(screen.getByLabelText(/confirm password/i));
    await user.type(screen.getByLabelText(/confirm password/i), 'correct horse');
    reply(
      '/api/register/complete',
      fail(409, 'Company name is taken', { companyName: 'This company name is already registered' }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const company = screen.getByLabelText(/company name/i);
    await waitFor(() => expect(company).toHaveAccessibleDescription('This company name is already registered'));
    expect(company).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows errors without a field as an alert', async () => {
    const user = renderPage();
    reply('/api/register/start', fail(429, 'Too many requests, try again in a minute'));
    await user.type(screen.getByRole('textbox', { name: /^e-mail/i }), 'ann@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again in a minute');
  });

  it('sends the person back to the code step when the registration token expired', async () => {
    const user = renderPage();
    await passEmailStep(user);
    await passOtpStep(user);
    await fillDetails(user);
    reply('/api/register/complete', fail(400, 'Invalid input', { registrationToken: 'Expired' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/verification has expired/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/verification code/i)).toBeInTheDocument();
  });
});

describe('isRegistrationExpired', () => {
  it('is true for 401, 410 and a registrationToken error only', () => {
    expect(isRegistrationExpired({ status: 401, statusText: 'Unauthorized' })).toBe(true);
    expect(isRegistrationExpired({ status: 410, statusText: 'Gone' })).toBe(true);
    expect(isRegistrationExpired({ status: 409, statusText: 'Conflict', data: { errors: { companyName: 'x' } } })).toBe(
      false,
    );
    expect(isRegistrationExpired(new Error('x'))).toBe(false);
  });
});
