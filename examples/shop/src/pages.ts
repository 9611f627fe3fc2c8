import { type Order, PRODUCTS } from './catalog';

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const rupiah = (amount: string) => `Rp ${Number(amount).toLocaleString('id-ID')}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}: Example Shop</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}
button{padding:.4rem .9rem}iframe{width:100%;height:44rem;border:1px solid #ccc;border-radius:.5rem}</style></head>
<body><header><a href="/">Example Shop</a> · <a href="/admin">Admin</a></header><main><h1>${html(title)}</h1>${body}</main></body></html>`;
}

export function catalogPage(): string {
  const rows = PRODUCTS.map(
    (p) => `<tr><td>${html(p.name)}</td><td>${rupiah(p.amount)}</td><td>
<form method="post" action="/checkout"><input type="hidden" name="product" value="${p.id}"><button>Buy ${html(p.name)}</button></form></td></tr>`,
  ).join('');
  return layout('Products', `<table><tbody>${rows}</tbody></table>`);
}

/**
 * The order and, while it waits for payment, Gerbang's deposit page in an iframe. The page listens
 * to the iframe's status messages (only from Gerbang's origin) and asks the shop's server for the
 * order, which a verified webhook marks paid: the browser's word alone never marks an order paid.
 */
export function orderPage(order: Order, gerbangOrigin: string): string {
  const frame =
    order.status === 'awaiting_payment' && order.paymentUrl
      ? `<iframe title="Pay with Gerbang" src="${html(order.paymentUrl)}"></iframe>`
      : '';
  return layout(
    `Order ${order.id}`,
    `<p>${html(order.product.name)}, ${rupiah(order.product.amount)}</p>
<p>Status: <strong id="status">${statusText(order.status)}</strong></p>${frame}
<script>
const status = document.getElementById('status');
const refresh = async () => {
  const order = await (await fetch('/orders/${html(order.id)}.json')).json();
  status.textContent = order.statusText;
  if (order.status !== 'awaiting_payment') document.querySelector('iframe')?.remove();
};
window.addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(gerbangOrigin)} || event.data?.source !== 'gerbang') return;
  void refresh();
});
setInterval(refresh, 3000);
</script>`,
  );
}

export function statusText(status: Order['status']): string {
  return {
    awaiting_payment: 'Waiting for your payment',
    paid: 'Paid',
    expired: 'Payment time ran out',
    failed: 'Payment failed',
    refund_requested: 'Refund on its way',
    refunded: 'Refunded',
  }[status];
}

export function adminPage(orders: Order[], message: string | null): string {
  const rows = orders
    .map(
      (o) => `<tr><td>${html(o.id)}</td><td>${html(o.product.name)}</td><td>${rupiah(o.product.amount)}</td>
<td>${statusText(o.status)}</td><td>${
        o.status === 'paid'
          ? `<form method="post" action="/admin/orders/${html(o.id)}/refund"><button>Refund ${html(o.id)}</button></form>`
          : o.status === 'refund_requested' && o.refundUrl
            ? `<a href="${html(o.refundUrl)}">Where the customer names their account</a>`
            : ''
      }</td></tr>`,
    )
    .join('');
  return layout(
    'Orders',
    `${message ? `<p role="status">${html(message)}</p>` : ''}<table><thead><tr><th>Order</th><th>Product</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}
