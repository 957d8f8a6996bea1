// HTTP delivery of receipts (URLSession; FoundationNetworking on Linux).
