/** Pemotongan prabayar, isi ulang dan pengembalian dana, dalam bahasa Indonesia. */
export const prepaid = {
  deductions: {
    title: 'Pemotongan',
    intro:
      'Setiap hari, akun prabayar membayar air yang diukur meternya kemarin dari saldonya, sesuai skema harganya. Jika tunggakan mencapai ambang penutupan akun, katupnya ditutup; isi ulang yang melunasinya membukanya kembali.',
    accountNo: 'Nomor akun',
    customerName: 'Pelanggan',
    meterNo: 'Nomor meter',
    day: 'Hari',
    volume: 'Volume (m³)',
    amount: 'Jumlah',
    balanceAfter: 'Saldo setelah',
    valveClosed: 'Katup ditutup',
    yes: 'Ya',
    beginTime: 'Dari',
    endTime: 'Sampai',
    run: 'Potong sekarang',
    runTitle: 'Potong sekarang',
    runConfirm:
      'Setiap akun prabayar membayar hari terukur sebelum hari ini yang belum dibayar. Hari yang sudah dibayar tidak dibayar dua kali.',
    ran: '{{days}} hari dari {{accounts}} akun dibayar, total {{amount}}; {{valves}} katup ditutup',
    actions: 'Aksi',
    empty: 'Belum ada hari yang dipotong',
    total_one: '{{count}} hari',
    total_other: '{{count}} hari',
  },
  recharges: {
    title: 'Isi ulang dan pengembalian dana',
    intro:
      'Uang masuk ke akun, atau saldonya dikembalikan ke pemegang. Isi ulang lebih dulu membayar cicilan utang dan biaya tambahan yang jatuh tempo; isi ulang yang melunasi tunggakan yang menutup katup akan membukanya kembali.',
    actions: 'Aksi',
    empty: 'Tidak ada akun yang cocok',
    total_one: '{{count}} akun',
    total_other: '{{count}} akun',
  },
};
