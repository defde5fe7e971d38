from quipu.adapters.cli.main import main

main()
