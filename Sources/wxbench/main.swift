print("wxpipe")
