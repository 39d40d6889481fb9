// Spec section 8, login and registration failures. The checks read the error's
// message ("<status>: <body>" for an API answer), as the catalogue is written.
// A fetch that never reached the server rejects with a TypeError ("Failed to
// fetch" in Chromium), which is the network error the catalogue means.

export function describeLoginError(error: unknown): string {
  if (isNetworkError(error)) return 'Network error. Please try again';
  if (isTimeout(error)) return 'Request timed out. Please try again';
  return 'Invalid username or password';
}

export function describeRegistrationError(error: unknown): string {
  const message = messageOf(error);
  if (message.includes('Username already exists')) return 'Username already exists. Please choose a different one';
  if (message.includes('Email already exists')) return 'Email already exists. Please use a different email or try logging in';
  if (message.includes('400')) return 'Please check your information and try again';
  if (isNetworkError(error)) return 'Network error. Please try again';
  return 'Registration failed. Please try again';
}

function isNetworkError(error: unknown): boolean {
  return messageOf(error).includes('Network') || error instanceof TypeError;
}

function isTimeout(error: unknown): boolean {
  return messageOf(error).toLowerCase().includes('timeout') || (error instanceof Error && error.name === 'TimeoutError');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
